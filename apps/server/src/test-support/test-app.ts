import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { openTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  routes: Array<{ method: string; url: string }>;
  close(): Promise<void>;
}

type TestAppOptions = Partial<Omit<AppOptions, 'config' | 'database' | 'onRoute'>> & {
  /** The embedded database (in memory) even when the other tests run on TEST_DATABASE_URL. */
  embedded?: boolean;
};

/**
 * The real application on a fresh database, configured as an operator would, for app.inject tests.
 * The server monitor does not run on its own: tests call `app.servers.monitor.pollNow()`.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const { embedded, ...appOptions } = options;
  const database = embedded ? await openDatabase({}) : await openTestDatabase();
  const routes: TestApp['routes'] = [];
  const app = await buildApp({
    config,
    database,
    rateLimitMax: 100_000,
    gameServers: { monitorIntervalMs: false, rcon: { commandTimeoutMs: 2_000 } },
    reconcileIntervalMs: false,
    delivery: {
      autostart: false,
      worker: { stackDelayMs: 20, commandTimeoutMs: 1_000 },
      pluginLeaseSeconds: 2,
      pluginWaitSeconds: 2,
      pluginWaitPollMs: 50,
    },
    ...appOptions,
    onRoute: (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    },
  });
  await app.ready();
  return {
    app,
    config,
    database,
    routes,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Another shop process on a test app's database (and Redis, when its config names one), with its
 * own in-memory caches and no periodic jobs: for tests of several instances in one test process.
 */
export async function createSecondInstance(
  shop: TestApp,
  options: Pick<AppOptions, 'webRoot'> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: shop.config,
    database: shop.database,
    rateLimitMax: 100_000,
    gameServers: { monitorIntervalMs: false },
    reconcileIntervalMs: false,
    delivery: { autostart: false },
    ...options,
  });
  await app.ready();
  return app;
}
