/**
 * One shop process of the purchase benchmark: the real app on the PostgreSQL (and Redis) named by
 * the environment, limits raised so the run measures purchases, listening on a loopback port it
 * reports to its parent. Stops on SIGTERM.
 */
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';

const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO: '0' });
const database = await openDatabase({ url: config.databaseUrl });
const app = await buildApp({
  config,
  database,
  rateLimitMax: 100_000_000,
  gameServers: { monitorIntervalMs: false },
  reconcileIntervalMs: false,
  delivery: { autostart: false },
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as { port: number }).port });
// The parent asks for this process's CPU time around the load: CPU per purchase, whatever else
// the machine is doing.
process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpuMicros: process.cpuUsage() });
});
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
