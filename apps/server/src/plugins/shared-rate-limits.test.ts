import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createAccount } from '../test-support/sign-in';
import { openTestDatabase } from '../test-support/test-database';

const redisUrl = process.env.REDIS_URL;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe.skipIf(!redisUrl)('per-account limits with REDIS_URL (runs with REDIS_URL)', () => {
  it('counts one account across two shop processes, so a second instance adds no allowance', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
      PURCHASE_LIMIT_PER_MINUTE: '3',
    });
    // Two instances of the shop on one database and one Redis, as behind a load balancer.
    const start = async () => {
      const app = await buildApp({
        config,
        database,
        gameServers: { monitorIntervalMs: false },
        reconcileIntervalMs: false,
        delivery: { autostart: false },
      });
      await app.ready();
      cleanups.push(() => app.close());
      return app;
    };
    const first = await start();
    const second = await start();
    const player = await createAccount(first, config);
    const other = await createAccount(first, config);
    const buy = (app: FastifyInstance, headers: { authorization: string }) =>
      app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers,
        payload: { productId: 999, serverId: 999, quantity: 1 },
      });

    expect((await buy(first, player.headers)).statusCode).toBe(404);
    expect((await buy(second, player.headers)).statusCode).toBe(404);
    expect((await buy(first, player.headers)).statusCode).toBe(404);
    for (const app of [second, first]) {
      const limited = await buy(app, player.headers);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe('Слишком много запросов, попробуйте позже');
    }
    // Still per account: another player on either instance is not held back.
    expect((await buy(second, other.headers)).statusCode).toBe(404);
  });
});
