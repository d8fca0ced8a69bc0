import { randomUUID } from 'node:crypto';
import { startRustSim, type RustSimHandle } from '@shop/rust-sim';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, addServer, fund } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { buy, purchaseRows } from '../../test-support/purchase-rows';
import { createSecondInstance, createTestApp, type TestApp } from '../../test-support/test-app';

let shop: TestApp;
/** A second shop process on the same database, with its own session and catalogue caches. */
let other: FastifyInstance;
let admin: Awaited<ReturnType<typeof createAccount>>;
let serverId: number;
let game: RustSimHandle;

beforeAll(async () => {
  game = await startRustSim({ consoleIntervalMs: null, chatIntervalMs: null });
  shop = await createTestApp();
  other = await createSecondInstance(shop);
  admin = await createAccount(shop.app, shop.config, 'admin');
  // Plugin delivery: nothing wakes an RCON worker, so every statement seen is the purchase's.
  serverId = await addServer(shop, admin.headers, { name: 'Main', isPluginEnabled: 1 }, game);
});
afterAll(async () => {
  await other?.close();
  await shop?.close();
  await game?.close();
});

/** What the database holds for a user: every row a purchase writes. */
const written = (userId: number) => purchaseRows(shop.app.db, userId);

describe('one-statement purchase', () => {
  it('buys one product in exactly one statement and writes the order, item, job, totals and key', async () => {
    const player = await createAccount(shop.app, shop.config);
    await fund(shop, player.id, 100);
    const wood = await addProduct(shop, admin.headers, {
      name: 'Дерево',
      price: 7,
      quantity: 1000,
    });
    // The first purchase fills this process's session and catalogue caches.
    expect(
      (await buy(shop.app, player.headers, { productId: wood, serverId, quantity: 1000 }))
        .statusCode,
    ).toBe(200);

    const statements: string[] = [];
    const stop = shop.database.observe((text) => statements.push(text));
    const key = randomUUID();
    const reply = await buy(
      shop.app,
      player.headers,
      { productId: wood, serverId, quantity: 2000 },
      key,
    );
    stop();
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      success: true,
      balance: 79,
      message: 'Заказ принят: Дерево × 2000. Выдача на сервере Main.',
    });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('orders_buy_one');
    expect(await written(player.id)).toMatchObject({
      balance: 7900,
      ledger: 7900,
      orders: 2,
      items: 2,
      jobs: 2,
      debits: 2,
      keys: 1,
      purchases: 2,
    });
    const orders = (await shop.app.inject({ url: '/api/orders', headers: player.headers })).json();
    expect(orders[0]).toMatchObject({
      id: reply.json().orderId,
      total: 14,
      serverName: 'Main',
      items: [{ name: 'Дерево', quantity: 2000 }],
      delivery: { method: 'plugin', status: 'pending' },
    });

    // A repeat of the key replays the stored reply and changes nothing.
    const again = await buy(
      shop.app,
      player.headers,
      { productId: wood, serverId, quantity: 2000 },
      key,
    );
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(reply.json());
    expect((await written(player.id)).orders).toBe(2);
    const reused = await buy(
      shop.app,
      player.headers,
      { productId: wood, serverId, quantity: 1000 },
      key,
    );
    expect(reused.statusCode).toBe(422);
  });

  it('leaves no key and no rows when the balance does not cover it, so the key works after a top-up', async () => {
    const player = await createAccount(shop.app, shop.config);
    await fund(shop, player.id, 5);
    const stone = await addProduct(shop, admin.headers, { name: 'Камень', price: 10 });
    await buy(shop.app, player.headers, { productId: 999_999, serverId, quantity: 1 }); // caches the session
    const key = randomUUID();
    const refused = await buy(
      shop.app,
      player.headers,
      { productId: stone, serverId, quantity: 1 },
      key,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Недостаточно средств');
    expect(await written(player.id)).toMatchObject({
      balance: 500,
      ledger: 500,
      orders: 0,
      items: 0,
      jobs: 0,
      debits: 0,
      keys: 0,
      purchases: 0,
    });
    await fund(shop, player.id, 5);
    const paid = await buy(
      shop.app,
      player.headers,
      { productId: stone, serverId, quantity: 1 },
      key,
    );
    expect(paid.statusCode).toBe(200);
    expect(paid.headers['idempotent-replayed']).toBeUndefined();
    expect(await written(player.id)).toMatchObject({ balance: 0, ledger: 0, orders: 1, keys: 1 });
  });

  it('never overdraws or doubles when two processes race the same account and the same keys', async () => {
    const player = await createAccount(shop.app, shop.config);
    await fund(shop, player.id, 100);
    const stone = await addProduct(shop, admin.headers, { name: 'Камень 2', price: 10 });
    const keys = Array.from({ length: 15 }, () => randomUUID());
    // 15 keys, each sent four times (twice to each process) at once: 60 requests for 15 purchases
    // against a balance for 10.
    const replies = await Promise.all(
      keys.flatMap((key) =>
        [shop.app, other, shop.app, other].map((app) =>
          buy(app, player.headers, { productId: stone, serverId, quantity: 1 }, key),
        ),
      ),
    );
    const paid = replies.filter((reply) => reply.statusCode === 200);
    const refused = replies.filter((reply) => reply.statusCode === 400);
    expect(paid.length + refused.length).toBe(60);
    expect(refused.every((reply) => reply.json().message === 'Недостаточно средств')).toBe(true);
    // Every reply for one key tells of the same order: ten orders, each replayed, none doubled.
    const orderIds = new Set(paid.map((reply) => reply.json().orderId));
    expect(orderIds.size).toBe(10);
    expect(await written(player.id)).toMatchObject({
      balance: 0,
      ledger: 0,
      orders: 10,
      items: 10,
      jobs: 10,
      debits: 10,
      keys: 10,
      purchases: 10,
    });
  });

  it('refuses a session signed out on another process even while this one has it cached', async () => {
    const player = await createAccount(shop.app, shop.config);
    await fund(shop, player.id, 100);
    const stone = await addProduct(shop, admin.headers, { name: 'Камень 3', price: 1 });
    expect(
      (await buy(shop.app, player.headers, { productId: stone, serverId, quantity: 1 })).statusCode,
    ).toBe(200);
    const logout = await other.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: player.headers,
    });
    expect(logout.statusCode).toBeLessThan(300);
    const reply = await buy(
      shop.app,
      player.headers,
      { productId: stone, serverId, quantity: 1 },
      randomUUID(),
    );
    expect(reply.statusCode).toBe(401);
    expect(await written(player.id)).toMatchObject({ balance: 9900, orders: 1, keys: 0 });
  });

  it('charges the price an admin set on another process, not the cached one', async () => {
    const player = await createAccount(shop.app, shop.config);
    await fund(shop, player.id, 100);
    const stone = await addProduct(shop, admin.headers, { name: 'Камень 4', price: 1 });
    await buy(shop.app, player.headers, { productId: stone, serverId, quantity: 1 });
    const product = (await other.inject({ url: '/api/admin/products', headers: admin.headers }))
      .json()
      .find((row: { id: number }) => row.id === stone);
    const edit = await other.inject({
      method: 'PUT',
      url: `/api/admin/products/${stone}`,
      headers: admin.headers,
      payload: { ...product, price: 3 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const reply = await buy(shop.app, player.headers, { productId: stone, serverId, quantity: 1 });
    expect(reply.json()).toMatchObject({ balance: 96 });
  });
});
