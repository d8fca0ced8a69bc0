/**
 * One process of a scaled-out shop for the tests that start several: `SHOP_ROLE=api` listens on a
 * free loopback port, `SHOP_ROLE=worker` only delivers, both on the PostgreSQL and Redis named by
 * the environment, with the intervals shortened so that a test sees them work in seconds. It tells
 * its parent its port (or that it is ready) and every change of leadership.
 */
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

export type TopologyMessage =
  { kind: 'ready'; port: number | null } | { kind: 'leader'; leader: boolean };

const worker = process.env.SHOP_ROLE === 'worker';
const send = (message: TopologyMessage) => process.send?.(message);

const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO: '0' });
const database = await openDatabase({ url: config.databaseUrl, onIdleError: () => undefined });
const app = await buildApp({
  config,
  database,
  worker,
  rateLimitMax: 100_000,
  gameServers: {
    monitorIntervalMs: 500,
    rcon: { commandTimeoutMs: 2_000, backoff: { initialMs: 50, maxMs: 500, jitter: 0 } },
  },
  reconcileIntervalMs: false,
  delivery: {
    autostart: true,
    worker: { stackDelayMs: 20, pollIntervalMs: 200, leaseSeconds: 3, commandTimeoutMs: 2_000 },
  },
});
app.leadership.whileLeader('report to the test', {
  start: () => void send({ kind: 'leader', leader: true }),
  stop: () => void send({ kind: 'leader', leader: false }),
});
if (worker) {
  await app.ready();
  send({ kind: 'ready', port: null });
} else {
  await app.listen({ port: 0, host: '127.0.0.1' });
  send({ kind: 'ready', port: (app.server.address() as { port: number }).port });
}
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
