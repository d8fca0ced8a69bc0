import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { startMoneyShop } from '../test-support/money-shop';
import { createAccount } from '../test-support/sign-in';
import { next, socketClients } from '../test-support/socket-clients';

const redisUrl = process.env.REDIS_URL;
const clients = socketClients();
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  clients.closeAll();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe.skipIf(!redisUrl)('events of a worker process (runs with REDIS_URL)', () => {
  it('reach a player whose browser is connected to an API instance, through the Redis emitter', async () => {
    const money = await startMoneyShop({
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
    });
    cleanups.push(() => money.close());
    // The worker: the same shop with no HTTP listener, on the same database and Redis.
    const worker = await buildApp({
      config: money.shop.config,
      database: money.shop.database,
      worker: true,
      gameServers: { monitorIntervalMs: false },
      reconcileIntervalMs: false,
      delivery: { autostart: false },
    });
    await worker.ready();
    cleanups.push(() => worker.close());
    expect(worker.server.listening).toBe(false);

    const player = await createAccount(money.shop.app, money.shop.config);
    const browser = await clients.joined(money.url, player);
    const created = await money.shop.app.inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: player.headers,
      payload: { amount: 500, method: 'sbp', paymentSystemId: 44, email: 'player@example.com' },
    });
    const { orderId } = created.json<{ orderId: string }>();
    // Paid at the provider, but the notification never came: the worker's reconciliation credits it.
    money.provider.fake.setStatus(orderId, 'paid');
    await money.shop.database.db.execute(
      sql`update payments set created_at = now() - interval '10 minutes' where id = ${orderId}`,
    );
    const heard = next(browser, 'balanceUpdate');
    await worker.payments.reconcile();
    expect(await heard).toEqual({ balance: 550 });
  });
});
