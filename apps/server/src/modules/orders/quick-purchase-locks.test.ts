import { randomUUID } from 'node:crypto';
import { startRustSim, type RustSimHandle } from '@shop/rust-sim';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, purchaseRows } from '../../test-support/purchase-rows';
import { addProduct, addServer, fund } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/**
 * The one-statement purchase locks the buyer's row before it stores its Idempotency-Key; the full
 * path claims its key before it debits. Two requests with one key on the two paths at once can
 * each wait for the other, and PostgreSQL then rolls one back: whichever it is, the purchase is
 * made once and nobody gets an error. A transaction held open stands in for the other request.
 */
let shop: TestApp;
let admin: Awaited<ReturnType<typeof createAccount>>;
let serverId: number;
let game: RustSimHandle;

/** The request answered 200 and the buyer paid once: one order, one key, the ledger equal to the balance. */
async function expectBoughtOnce(purchase: ReturnType<typeof buy> | undefined, playerId: number) {
  if (!purchase) throw new Error('the purchase was never sent');
  const reply = await purchase;
  expect(reply.statusCode, reply.body).toBe(200);
  expect(await purchaseRows(shop.app.db, playerId)).toMatchObject({
    balance: 9000,
    ledger: 9000,
    orders: 1,
    keys: 1,
    purchases: 1,
  });
}

/** Until a statement like `pattern` waits for a lock (2 s at most). */
async function waitForLockWait(app: FastifyInstance, pattern: string) {
  for (let waited = 0; waited < 100; waited += 1) {
    const [row] = await queryRows<{ waiting: number }>(
      app.db,
      sql`select count(*)::int as waiting from pg_stat_activity
        where wait_event_type = 'Lock' and query like ${pattern}`,
    );
    if (row?.waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// PGlite has one connection: a transaction held open there would queue the purchase behind it.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'purchases with one key on both paths at once',
  () => {
    beforeAll(async () => {
      game = await startRustSim({ consoleIntervalMs: null, chatIntervalMs: null });
      shop = await createTestApp();
      admin = await createAccount(shop.app, shop.config, 'admin');
      serverId = await addServer(shop, admin.headers, { name: 'Main', isPluginEnabled: 1 }, game);
    });
    afterAll(async () => {
      await shop?.close();
      await game?.close();
    });

    it('buys once, without a failure, when the full path holds the same key and waits for the buyer', async () => {
      const player = await createAccount(shop.app, shop.config);
      await fund(shop, player.id, 100);
      const stone = await addProduct(shop, admin.headers, { name: 'Камень 5', price: 10 });
      await buy(shop.app, player.headers, { productId: 999_999, serverId, quantity: 1 }); // caches the session
      const key = randomUUID();
      // Stands in for a full-path request with the same key: it claims the key first and then
      // waits for the buyer's row, which the one-statement purchase locked before storing its key.
      let purchase: ReturnType<typeof buy> | undefined;
      const fullPath = shop.app.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into idempotency_keys (user_id, key, request_hash)
            values (${player.id}, ${key}, 'another request')`);
          purchase = buy(
            shop.app,
            player.headers,
            { productId: stone, serverId, quantity: 1 },
            key,
          );
          await waitForLockWait(shop.app, '%orders_buy_one%');
          await tx.execute(sql`update users set last_seen_at = now() where id = ${player.id}`);
          throw new Error('the stand-in rolls back');
        })
        .catch((error: unknown) => error);
      await fullPath;
      await expectBoughtOnce(purchase, player.id);
    });

    it('runs the full path again when PostgreSQL rolls it back to end a wait for the same key', async () => {
      const player = await createAccount(shop.app, shop.config);
      await fund(shop, player.id, 100);
      const vip = await addProduct(shop, admin.headers, {
        name: 'VIP 5',
        category: 'vip',
        price: 10,
        vipTier: 'Gold',
        vipDays: 1,
      });
      const key = randomUUID();
      // Stands in for a one-statement purchase with the same key: it locks the buyer's row first
      // and stores the key last, while the full path (a VIP) claims the key and waits for the row.
      let purchase: ReturnType<typeof buy> | undefined;
      const quickPath = shop.app.db
        .transaction(async (tx) => {
          await tx.execute(sql`update users set last_seen_at = now() where id = ${player.id}`);
          purchase = buy(shop.app, player.headers, { productId: vip, serverId, quantity: 1 }, key);
          await waitForLockWait(shop.app, '%ledger_post%');
          await tx.execute(sql`insert into idempotency_keys (user_id, key, request_hash)
            values (${player.id}, ${key}, 'another request')`);
          throw new Error('the stand-in rolls back');
        })
        .catch((error: unknown) => error);
      await quickPath;
      await expectBoughtOnce(purchase, player.id);
    });
  },
);
