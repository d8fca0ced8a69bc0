import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { loadEnvFile } from './load-env-file';
import { loggerOptions } from './logging';
import { shopRunsOn } from './plugins/control-socket';
import { loadShippedItemTable, refreshShippedItemNames } from './modules/catalog/shipped-items';
import { startDemoWorld, type DemoWorld } from './modules/demo/demo-world';
import { SERVER_ROOT } from './paths';
import { startBanner } from './start-banner';

const webRoot = path.resolve(SERVER_ROOT, '../web/dist');

function readConfig(): Config {
  try {
    loadEnvFile();
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Refusing to start. ${error.message}`);
      process.exit(1);
    }
    // A .env the parser refuses (a line it cannot read) is a setting to fix too, not a crash.
    console.error(
      `Refusing to start. .env: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
}

/** Why the address cannot be listened on, in words an operator acts on; undefined for other faults. */
function listenRefusal(error: unknown, config: Config): string | undefined {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  const where = `${config.host}:${config.port}`;
  if (code === 'EADDRINUSE') {
    return `${where} is already in use by another program (another shop?): stop it, or set PORT to a free port.`;
  }
  if (code === 'EACCES') {
    return `${where} needs privileges this account lacks: use a port above 1023 behind the reverse proxy.`;
  }
  if (code === 'EADDRNOTAVAIL') {
    return `${config.host} is not an address of this machine: set HOST (0.0.0.0, 127.0.0.1 or one of its own).`;
  }
  return undefined;
}

async function main() {
  const config = readConfig();
  // Two processes on one embedded data folder would damage it: look before opening it.
  if (!config.databaseUrl && (await shopRunsOn(config.dataDir))) {
    console.error(`Refusing to start. A shop is already running on ${config.dataDir}.`);
    process.exit(1);
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (error) =>
      console.warn(`Database connection lost (${error.message}); reconnecting.`),
  });
  const { before, after, applied } = database.schema;
  console.log(
    applied.length > 0
      ? `Database schema ${before ?? 'none'} → ${after}: applied ${applied.join(', ')}.`
      : `Database schema ${after}: up to date.`,
  );
  // A fresh install gets the whole item table for the admin's item picker; an existing one gets
  // this release's corrected names wherever the owner kept the shipped ones.
  const shippedItems = await loadShippedItemTable(database.db);
  if (shippedItems > 0) {
    console.log(`Loaded the shipped item table: ${shippedItems} items.`);
  } else {
    // A table just loaded from this release's file has its names already.
    const renamedItems = await refreshShippedItemNames(database.db);
    if (renamedItems > 0) console.log(`Updated the names of ${renamedItems} shipped items.`);
  }
  const app = await buildApp({
    config,
    database,
    webRoot,
    logger: loggerOptions(config),
    backups: { schedule: true },
    controlSocket: true,
  });

  let stopDemoWorld: DemoWorld = async () => undefined;
  let stopping = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // The demo's plugin reports its last world save to the shop, so the shop is still listening.
    await stopDemoWorld();
    await app.close();
    await database.close();
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A fault nobody caught leaves the process in an unknown state: log it, finish what is in flight,
  // and exit non-zero so the service manager starts a clean one.
  process.on('unhandledRejection', (reason) => {
    app.log.fatal({ err: reason }, 'unhandled rejection');
    void shutdown('unhandledRejection', 1);
  });
  process.on('uncaughtException', (err) => {
    app.log.fatal({ err }, 'uncaught exception');
    void shutdown('uncaughtException', 1);
  });

  // After the handlers: a signal while a fresh demo writes its month of history closes the database
  // properly instead of killing the process in the middle of a write.
  if (config.demo) stopDemoWorld = await startDemoWorld(app, config);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const refusal = listenRefusal(error, config);
    if (!refusal) throw error;
    console.error(`Refusing to start. ${refusal}`);
    await shutdown('listen', 1);
    return;
  }
  if (config.demo) {
    app.log.warn(
      'DEMO MODE: sign-in, payments and game servers are built-in stand-ins; no real money moves. Never expose this instance to players.',
    );
  }
  console.log(`\n  ${startBanner(config, database.kind)}\n`);
}

void main();
