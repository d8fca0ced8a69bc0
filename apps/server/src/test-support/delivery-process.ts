/**
 * A shop process that only delivers: the real app on the database named by the environment, its
 * monitor and RCON delivery worker running. The crash test starts it, kills it mid-delivery with
 * SIGKILL, and starts it again, as an operator's machine would after a power cut.
 */
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO: '0' });
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({
  config,
  database,
  gameServers: {
    monitorIntervalMs: 200,
    rcon: { backoff: { initialMs: 50, maxMs: 200, jitter: 0 } },
  },
  reconcileIntervalMs: false,
  delivery: {
    autostart: true,
    worker: {
      stackDelayMs: Number(process.env.STACK_DELAY_MS ?? 500),
      leaseSeconds: Number(process.env.LEASE_SECONDS ?? 2),
      pollIntervalMs: 200,
      commandTimeoutMs: 2_000,
    },
  },
});
await app.ready();
process.send?.('ready');
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
