import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buy } from '../../test-support/purchase-rows';
import {
  clockAt,
  endSale,
  HOUR,
  markWipe,
  orderLines,
  startSale,
  startSalesShop,
  type Account,
  type SalesShop,
} from '../../test-support/sales-shop';
import { addProduct } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import type { TestApp } from '../../test-support/test-app';

/** The tests' "now": each test moves the shop's clock from here. */
const T = Date.now();
let world: SalesShop;
let shop: TestApp;
/** A second shop process on the same database, with caches of its own and no Redis between. */
let other: FastifyInstance;
let admin: Account;
let main: number;
let second: number;

beforeAll(async () => {
  world = await startSalesShop(T);
  ({ shop, other, admin, main, second } = world);
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => world?.close());

const player = (roubles?: number): Promise<Account> => world.player(roubles);

/** A purchase that must succeed, with the statements it sent: its order's lines. */
async function bought(
  app: FastifyInstance,
  buyer: Account,
  payload: Record<string, unknown>,
): Promise<{ lines: Awaited<ReturnType<typeof orderLines>>; statements: number }> {
  let statements = 0;
  const stop = shop.database.observe(() => (statements += 1));
  const reply = await buy(app, buyer.headers, payload);
  stop();
  expect(reply.statusCode, reply.body).toBe(200);
  return { lines: await orderLines(shop.app, reply.json().orderId), statements };
}

/**
 * This moment's catalogue, last wipes and the buyer's session in the process's caches, as a visit
 * and an earlier purchase leave them (a refused purchase forgets the session: the full path checks
 * it afresh).
 */
async function warm(app: FastifyInstance, buyer: Account, productId: number) {
  await app.inject({ url: '/api/products' });
  const reply = await buy(app, buyer.headers, { productId, serverId: main, quantity: 1 });
  expect(reply.statusCode, reply.body).toBe(200);
}

/** The product's price in the catalogue of one process, in roubles. */
const listed = async (app: FastifyInstance, id: number, query = '') =>
  (await app.inject({ url: `/api/products${query}` }))
    .json<Array<{ id: number; price: number }>>()
    .find((product) => product.id === id)?.price;

describe('the price in force on every purchase path', () => {
  it('charges a timed sale from its start to the millisecond before its end, on the quick path', async () => {
    const buyer = await player();
    const wood = await addProduct(shop, admin.headers, { name: 'Дерево', price: 100 });
    const bandage = await addProduct(shop, admin.headers, { name: 'Бинт', price: 1 });
    await startSale(shop.app, admin.headers, {
      percent: 25,
      target: { productIds: [wood] },
      startsAt: new Date(T + HOUR).toISOString(),
      endsAt: new Date(T + 2 * HOUR).toISOString(),
    });
    const order = { productId: wood, serverId: main, quantity: 1 };
    const charged: Array<[number, number]> = [];
    for (const moment of [T + HOUR - 1, T + HOUR, T + 2 * HOUR - 1, T + 2 * HOUR]) {
      clockAt(moment);
      await warm(shop.app, buyer, bandage);
      const { lines, statements } = await bought(shop.app, buyer, order);
      // One statement: the quick path decided it, with the price it worked out here.
      expect(statements, new Date(moment).toISOString()).toBe(1);
      charged.push([lines[0]!.price, lines[0]!.total]);
    }
    expect(charged).toEqual([
      [10_000, 10_000],
      [7_500, 7_500],
      [7_500, 7_500],
      [10_000, 10_000],
    ]);
  });

  it('charges it on the full path too: a gift, and the cart', async () => {
    const buyer = await player();
    const friend = await createAccount(shop.app, shop.config);
    const stone = await addProduct(shop, admin.headers, {
      name: 'Камень',
      price: 40,
      quantity: 1000,
      category: 'resources',
    });
    const rifle = await addProduct(shop, admin.headers, {
      name: 'Винтовка',
      gameItemName: 'rifle.ak',
      category: 'weapons',
      price: 150,
    });
    await startSale(shop.app, admin.headers, {
      percent: 33,
      target: { category: 'resources' },
      startsAt: new Date(T + 3 * HOUR).toISOString(),
      endsAt: new Date(T + 4 * HOUR).toISOString(),
    });
    const gift = { productId: stone, serverId: main, quantity: 2000, giftTo: friend.steamId };

    clockAt(T + 3 * HOUR - 1);
    expect((await bought(shop.app, buyer, gift)).lines[0]).toMatchObject({
      price: 4_000,
      total: 8_000,
    });
    clockAt(T + 3 * HOUR);
    // 40 ₽ less 33 %: 26,80 ₽ a stack.
    expect((await bought(shop.app, buyer, gift)).lines[0]).toMatchObject({
      price: 2_680,
      total: 5_360,
    });

    const checkout = async () => {
      for (const [productId, quantity] of [
        [stone, 3000],
        [rifle, 1],
      ] as const) {
        const put = await shop.app.inject({
          method: 'POST',
          url: '/api/cart',
          headers: buyer.headers,
          payload: { productId, quantity },
        });
        expect(put.statusCode, put.body).toBe(200);
      }
      const cart = (await shop.app.inject({ url: '/api/cart', headers: buyer.headers })).json();
      const reply = await shop.app.inject({
        method: 'POST',
        url: '/api/cart/purchase',
        headers: buyer.headers,
        payload: { serverId: main },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      return { cart, lines: await orderLines(shop.app, reply.json().orderId) };
    };
    clockAt(T + 4 * HOUR - 1);
    const during = await checkout();
    expect(during.cart.total).toBe(80.4 + 150);
    expect(during.lines).toEqual([
      { name: 'Камень', price: 2_680, total: 8_040, untilWipe: false },
      { name: 'Винтовка', price: 15_000, total: 15_000, untilWipe: false },
    ]);
    clockAt(T + 4 * HOUR);
    expect((await checkout()).lines.map((line) => line.total)).toEqual([12_000, 15_000]);
  });

  it('gives the best of the sales that overlap', async () => {
    const buyer = await player();
    const scrap = await addProduct(shop, admin.headers, {
      name: 'Металлолом',
      price: 10,
      category: 'resources',
    });
    const at = (hours: number) => new Date(T + hours * HOUR).toISOString();
    await startSale(shop.app, admin.headers, {
      percent: 10,
      target: { category: 'resources' },
      startsAt: at(5),
      endsAt: at(8),
    });
    await startSale(shop.app, admin.headers, {
      percent: 40,
      target: { productIds: [scrap] },
      startsAt: at(6),
      endsAt: at(7),
    });
    const order = { productId: scrap, serverId: main, quantity: 1 };
    const prices = [];
    for (const hours of [5.5, 6.5, 7.5]) {
      clockAt(T + hours * HOUR);
      prices.push((await bought(shop.app, buyer, order)).lines[0]!.price);
    }
    expect(prices).toEqual([900, 600, 900]);
  });

  it('runs a wipe sale on its own server only, for its hours after the last wipe', async () => {
    const buyer = await player();
    const sulfur = await addProduct(shop, admin.headers, { name: 'Сера', price: 20 });
    const onSecond = await addProduct(shop, admin.headers, {
      name: 'Сера (Second)',
      price: 20,
      server: String(second),
    });
    const wipeAt = T + 10 * HOUR;
    clockAt(wipeAt);
    await markWipe(shop.app, admin.headers, main, new Date(wipeAt));
    await startSale(shop.app, admin.headers, {
      name: '−30 % на 24 ч после вайпа',
      percent: 30,
      afterWipeHours: 24,
      serverId: main,
    });
    const price = async (productId: number, serverId: number) =>
      (await bought(shop.app, buyer, { productId, serverId, quantity: 1 })).lines[0]!.price;

    clockAt(wipeAt + HOUR);
    expect(await price(sulfur, main)).toBe(1_400);
    // Bought for the other server: its wipe has no sale.
    expect(await price(sulfur, second)).toBe(2_000);
    expect(await price(onSecond, second)).toBe(2_000);
    clockAt(wipeAt + 24 * HOUR - 1);
    expect(await price(sulfur, main)).toBe(1_400);
    clockAt(wipeAt + 24 * HOUR);
    expect(await price(sulfur, main)).toBe(2_000);
    // The next wipe starts it again.
    clockAt(wipeAt + 30 * HOUR);
    await markWipe(shop.app, admin.headers, main, new Date(wipeAt + 29 * HOUR));
    expect(await price(sulfur, main)).toBe(1_400);
  });

  it('charges a sale another process started a moment ago, though this one had no word of it', async () => {
    const buyer = await player();
    const cloth = await addProduct(shop, admin.headers, { name: 'Ткань', price: 50 });
    const order = { productId: cloth, serverId: main, quantity: 1 };
    clockAt(T + 70 * HOUR);
    // The other process caches the catalogue with no sale and sells at the full price.
    expect((await bought(other, buyer, order)).lines[0]!.price).toBe(5_000);
    expect(await listed(other, cloth)).toBe(50);

    const sale = await startSale(shop.app, admin.headers, {
      percent: 20,
      target: { productIds: [cloth] },
      startsAt: new Date(T + 70 * HOUR).toISOString(),
      endsAt: new Date(T + 71 * HOUR).toISOString(),
    });
    const during = await bought(other, buyer, order);
    expect(during.lines[0]!.price).toBe(4_000);
    // Its statement found the cached view stale: the full path charged the price in force.
    expect(during.statements).toBeGreaterThan(1);
    // ... and the process's catalogue has caught up.
    expect(await listed(other, cloth)).toBe(40);

    await endSale(shop.app, admin.headers, sale);
    expect((await bought(other, buyer, order)).lines[0]!.price).toBe(5_000);
  });

  it('charges a wipe sale when another process recorded the wipe, though this one had no word of it', async () => {
    const buyer = await player();
    const rope = await addProduct(shop, admin.headers, { name: 'Верёвка', price: 30 });
    const order = { productId: rope, serverId: second, quantity: 1 };
    const wipeAt = T + 80 * HOUR;
    clockAt(wipeAt);
    await startSale(shop.app, admin.headers, { percent: 50, afterWipeHours: 2, serverId: second });
    expect((await bought(shop.app, buyer, order)).lines[0]!.price).toBe(3_000);
    // The other process's monitor sees the new save and records the wipe.
    await other.wipes.record({ serverId: second, at: new Date(wipeAt), source: 'detected' });
    const after = await bought(shop.app, buyer, order);
    expect(after.lines[0]!.price).toBe(1_500);
    expect(after.statements).toBeGreaterThan(1);
  });
});
