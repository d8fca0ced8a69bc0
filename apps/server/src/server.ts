import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { loggerOptions } from './logging';
import { loadShippedItemTable } from './modules/catalog/shipped-items';
import { startDemoWorld } from './modules/demo/demo-world';
import { SERVER_ROOT } from './paths';

const webRoot = path.resolve(SERVER_ROOT, '../web/dist');

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Refusing to start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (error) =>
      console.warn(`Database connection lost (${error.message}); reconnecting.`),
  });
  // A fresh install gets the whole item table for the admin's item picker.
  const shippedItems = await loadShippedItemTable(database.db);
  if (shippedItems > 0) console.log(`Loaded the shipped item table: ${shippedItems} items.`);
  const app = await buildApp({
    config,
    database,
    webRoot,
    logger: loggerOptions(config),
  });

  const stopDemoWorld = config.demo ? await startDemoWorld(app) : async () => undefined;

  let stopping = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await stopDemoWorld();
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

  await app.listen({ port: config.port, host: config.host });
  if (config.demo) {
    app.log.warn(
      'DEMO MODE: sign-in, payments and game servers are built-in stand-ins; no real money moves. Never expose this instance to players.',
    );
  }
  const mode = config.demo ? 'demo mode' : 'production mode';
  const db = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  console.log(`\n  Shop is running (${mode}, ${db}): ${config.publicUrl}\n`);
}

void main();
