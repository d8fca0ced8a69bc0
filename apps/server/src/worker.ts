/**
 * Workers only, for scale-out (DESIGN §1): RCON delivery with no HTTP listener, and the periodic jobs
 * (server monitor, VIP expiry, payment reconciliation, cleanups) whenever this process is the leader.
 * Run any number beside the API instances with the same DATABASE_URL and REDIS_URL; they share the
 * delivery queue through FOR UPDATE SKIP LOCKED, and their socket events reach players through Redis.
 */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { loadEnvFile } from './load-env-file';
import { loggerOptions } from './logging';

let config;
try {
  loadEnvFile();
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Refusing to start. ${error.message}`);
  process.exit(1);
}
if (!config.databaseUrl) {
  console.error(
    'Refusing to start. A worker needs DATABASE_URL: the embedded database has one process.',
  );
  process.exit(1);
}
if (!config.redisUrl) {
  console.error(
    'Refusing to start. A worker needs REDIS_URL: its live events reach players only through Redis.',
  );
  process.exit(1);
}
const database = await openDatabase({
  url: config.databaseUrl,
  onIdleError: (error) =>
    console.warn(`Database connection lost (${error.message}); reconnecting.`),
});
const app = await buildApp({
  config,
  database,
  logger: loggerOptions(config),
  worker: true,
  backups: { schedule: true },
});
await app.ready();
console.log('Shop worker running: delivery, and the periodic jobs while it is the leader.');

let stopping = false;
const stop = async (exitCode = 0) => {
  if (stopping) return;
  stopping = true;
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await app.close();
  await database.close();
  process.exit(exitCode);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
process.on('unhandledRejection', (reason) => {
  app.log.fatal({ err: reason }, 'unhandled rejection');
  void stop(1);
});
process.on('uncaughtException', (err) => {
  app.log.fatal({ err }, 'uncaught exception');
  void stop(1);
});
