/**
 * One more shop process for tests of several instances: the real app on the database and Redis named
 * by the environment, listening on a free loopback port it reports to its parent.
 */
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO: '0' });
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({
  config,
  database,
  gameServers: { monitorIntervalMs: false },
  reconcileIntervalMs: false,
  delivery: { autostart: false },
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as { port: number }).port });
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
