import { randomBytes, randomUUID } from 'node:crypto';
import { startRustSim } from '@shop/rust-sim';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { Database } from './db/client';
import { hasRedisServer, startOwnRedis } from './test-support/redis-server';
import { addProduct, addServer, fund } from './test-support/shop-fixtures';
import { createAccount } from './test-support/sign-in';
import { record, socketClients } from './test-support/socket-clients';
import { openTestDatabase } from './test-support/test-database';
import { waitUntil } from './test-support/wait-until';

/**
 * Redis down at start, going away under purchases and coming back: the shop keeps serving and
 * every purchase succeeds, nothing rejects unhandled, nothing exits. On PostgreSQL
 * (TEST_DATABASE_URL) live events cross instances through LISTEN/NOTIFY meanwhile, and through
 * Redis again once it is back. The Redis is the test's own redis-server, killed and started again
 * on its port as an outage would.
 */
const crossInstances = Boolean(process.env.TEST_DATABASE_URL);
const clients = socketClients();
const cleanups: Array<() => Promise<unknown>> = [];
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);
beforeAll(() => void process.on('unhandledRejection', onRejection));
afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  clients.closeAll();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function startShop(database: Database, env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({
    config,
    database,
    rateLimitMax: 100_000,
    gameServers: { monitorIntervalMs: false },
    reconcileIntervalMs: false,
    delivery: { autostart: false },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(() => app.close());
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return { app, config, url: `http://127.0.0.1:${address.port}` };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!hasRedisServer)('Redis outages (runs where redis-server is installed)', () => {
  it('serves and sells through Redis down at start, stopped under purchases and started again', async () => {
    const redis = await startOwnRedis({ running: false });
    cleanups.push(redis.close);
    const game = await startRustSim({ players: [], consoleIntervalMs: null, chatIntervalMs: null });
    cleanups.push(() => game.close());
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const env = {
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
      PURCHASE_LIMIT_PER_MINUTE: '100000',
    };

    // Down at start: both instances start within the moment they wait for it, and serve.
    const first = await startShop(database, env);
    const second = await startShop(database, env);
    expect(first.app.realtime.redisState()).toBe('unavailable');
    const health = await first.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'degraded', redis: 'unavailable' });

    const { app, config } = first;
    const admin = await createAccount(app, config, 'admin');
    const serverId = await addServer({ app }, admin.headers, { name: 'Classic' }, game);
    const productId = await addProduct({ app }, admin.headers, { name: 'Дерево', price: 1 });
    const buyers = await Promise.all([1, 2, 3].map(() => createAccount(app, config)));
    for (const buyer of buyers) await fund({ app }, buyer.id, 10_000);

    const statuses: number[] = [];
    const buy = async (shop: FastifyInstance, index: number) => {
      const buyer = buyers[index % buyers.length]!;
      const reply = await shop.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
        payload: { productId, serverId, quantity: 1 },
      });
      statuses.push(reply.statusCode);
      return reply;
    };
    // Purchases on the second instance, one buyer watching on the first.
    let buying = true;
    const load = (async () => {
      for (let index = 0; buying; index += 1) {
        await Promise.all([buy(second.app, index), buy(first.app, index + 1)]);
        await sleep(20);
      }
    })();

    expect((await buy(second.app, 0)).statusCode).toBe(200);
    await redis.start();
    await waitUntil(
      () => [first, second].every((shop) => shop.app.realtime.redisState() === 'ok'),
      { what: 'both instances on Redis', timeoutMs: 15_000 },
    );
    const watcher = await clients.joined(first.url, buyers[0]!);
    const balances = record(watcher, 'balanceUpdate');
    await buy(second.app, 0);
    await waitUntil(() => balances.length > 0, { what: 'an event through Redis' });

    // Redis goes away under purchases.
    await redis.stop();
    await waitUntil(() => first.app.realtime.redisState() === 'unavailable', {
      what: 'the outage seen',
    });
    const beforeOutage = balances.length;
    await sleep(1_500);
    await buy(second.app, 0);
    if (crossInstances) {
      // Through PostgreSQL's LISTEN/NOTIFY, while Redis is down.
      await waitUntil(() => balances.length > beforeOutage, {
        what: 'an event through PostgreSQL',
      });
    }
    const outage = await first.app.inject({ method: 'GET', url: '/api/health' });
    expect(outage.json()).toMatchObject({ redis: 'unavailable', database: { status: 'ok' } });

    // Back: both reconnect by themselves, and events cross through Redis again.
    await redis.start();
    await waitUntil(
      () => [first, second].every((shop) => shop.app.realtime.redisState() === 'ok'),
      { what: 'both instances back on Redis', timeoutMs: 15_000 },
    );
    const afterOutage = balances.length;
    await buy(second.app, 0);
    await waitUntil(() => balances.length > afterOutage, { what: 'an event through Redis again' });
    buying = false;
    await load;

    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(rejections).toEqual([]);
  }, 90_000);
});
