import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buy, purchaseRows } from '../../test-support/purchase-rows';
import {
  clockAt,
  HOUR,
  markWipe,
  MINUTE,
  orderLines,
  startSalesShop,
  type Account,
  type SalesShop,
} from '../../test-support/sales-shop';
import { addProduct } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import type { TestApp } from '../../test-support/test-app';

const T = Date.now();
let world: SalesShop;
let shop: TestApp;
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

const player = () => world.player();

const refusal = (reply: { statusCode: number; json: () => { message: string } }) => [
  reply.statusCode,
  reply.json().message,
];

describe('the wipe block', () => {
  it('refuses a product for 24 hours after a wipe of the server it is bought for, then sells it', async () => {
    const buyer = await player();
    const friend = await createAccount(shop.app, shop.config);
    const c4 = await addProduct(shop, admin.headers, {
      name: 'C4',
      gameItemName: 'explosive.timed',
      category: 'weapons',
      price: 200,
      wipeBlockHours: 24,
    });
    const wipeAt = T + HOUR;
    clockAt(wipeAt);
    await markWipe(shop.app, admin.headers, main, new Date(wipeAt));
    const order = { productId: c4, serverId: main, quantity: 1 };
    const rowsBefore = await purchaseRows(shop.app.db, buyer.id);

    clockAt(wipeAt + 18 * HOUR + 48 * MINUTE);
    expect(refusal(await buy(shop.app, buyer.headers, order))).toEqual([
      409,
      'Доступно через 5 ч 12 мин',
    ]);
    // A gift goes the full path: the same answer.
    expect(
      refusal(await buy(shop.app, buyer.headers, { ...order, giftTo: friend.steamId })),
    ).toEqual([409, 'Доступно через 5 ч 12 мин']);
    clockAt(wipeAt + 23 * HOUR + 48 * MINUTE);
    expect(refusal(await buy(shop.app, buyer.headers, order))).toEqual([
      409,
      'Доступно через 12 мин',
    ]);
    expect(await purchaseRows(shop.app.db, buyer.id)).toEqual(rowsBefore);

    // Sold on every server: the other server's last wipe is a month old.
    expect((await buy(shop.app, buyer.headers, { ...order, serverId: second })).statusCode).toBe(
      200,
    );
    clockAt(wipeAt + 24 * HOUR - 1);
    expect((await buy(shop.app, buyer.headers, order)).statusCode).toBe(409);
    clockAt(wipeAt + 24 * HOUR);
    const sold = await buy(shop.app, buyer.headers, order);
    expect(sold.statusCode, sold.body).toBe(200);
    expect(await orderLines(shop.app, sold.json().orderId)).toEqual([
      { name: 'C4', price: 20_000, total: 20_000, untilWipe: false },
    ]);
  });

  it('refuses the cart while a product in it is blocked, keeping the cart, and sells it after', async () => {
    const buyer = await player();
    const rockets = await addProduct(shop, admin.headers, {
      name: 'Ракеты',
      gameItemName: 'ammo.rocket.basic',
      category: 'ammunition',
      price: 90,
      wipeBlockHours: 6,
    });
    const wood = await addProduct(shop, admin.headers, { name: 'Дерево', price: 10 });
    const wipeAt = T + 40 * HOUR;
    clockAt(wipeAt);
    await markWipe(shop.app, admin.headers, second, new Date(wipeAt));
    for (const productId of [wood, rockets]) {
      await shop.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: buyer.headers,
        payload: { productId, quantity: 1 },
      });
    }
    const checkout = (serverId: number) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/cart/purchase',
        headers: buyer.headers,
        payload: { serverId },
      });
    const rowsBefore = await purchaseRows(shop.app.db, buyer.id);
    clockAt(wipeAt + 5 * HOUR);
    expect(refusal(await checkout(second))).toEqual([409, 'Доступно через 1 ч']);
    expect(await purchaseRows(shop.app.db, buyer.id)).toEqual(rowsBefore);
    const cart = (await shop.app.inject({ url: '/api/cart', headers: buyer.headers })).json();
    expect(cart.items).toHaveLength(2);

    clockAt(wipeAt + 6 * HOUR);
    const paid = await checkout(second);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await orderLines(shop.app, paid.json().orderId)).map((line) => line.name)).toEqual([
      'Дерево',
      'Ракеты',
    ]);
  });

  it('blocks a product sold on one server by that server’s wipes', async () => {
    const buyer = await player();
    const onMain = await addProduct(shop, admin.headers, {
      name: 'Гранаты',
      price: 30,
      server: String(main),
      wipeBlockHours: 2,
    });
    const wipeAt = T + 60 * HOUR;
    clockAt(wipeAt + HOUR);
    await markWipe(shop.app, admin.headers, main, new Date(wipeAt));
    await markWipe(shop.app, admin.headers, second, new Date(wipeAt + HOUR));
    const reply = await buy(shop.app, buyer.headers, {
      productId: onMain,
      serverId: main,
      quantity: 1,
    });
    expect(refusal(reply)).toEqual([409, 'Доступно через 1 ч']);
  });

  it('holds when another process recorded the wipe, though this one had no word of it', async () => {
    const buyer = await player();
    const satchel = await addProduct(shop, admin.headers, {
      name: 'Сумка с зарядом',
      price: 25,
      wipeBlockHours: 12,
    });
    const order = { productId: satchel, serverId: second, quantity: 1 };
    const wipeAt = T + 80 * HOUR;
    clockAt(wipeAt);
    expect((await buy(shop.app, buyer.headers, order)).statusCode).toBe(200);
    // The other process's monitor sees the new save and records the wipe.
    await other.wipes.record({ serverId: second, at: new Date(wipeAt), source: 'detected' });
    expect(refusal(await buy(shop.app, buyer.headers, order))).toEqual([
      409,
      'Доступно через 12 ч',
    ]);
  });
});
