import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buy, purchaseRows } from '../../test-support/purchase-rows';
import {
  clockAt,
  HOUR,
  startSale,
  startSalesShop,
  type Account,
  type SalesShop,
} from '../../test-support/sales-shop';
import { addProduct } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';

/**
 * Issue 36: a 90 % sale that ended between the dialog and the click charged ten times the price
 * shown. Every purchase path now takes the total the player saw (`expectedTotal`, roubles) and
 * refuses a higher one with 409 price_changed, charging nothing.
 */
const T = Date.now();
let world: SalesShop;

beforeAll(async () => {
  world = await startSalesShop(T);
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => world?.close());

/** A product on a 90 % sale from T to T + 1 h: 89 ₽, 8,90 ₽ while the sale runs. */
async function saleProduct(name: string): Promise<number> {
  const product = await addProduct(world.shop, world.admin.headers, { name, price: 89 });
  await startSale(world.shop.app, world.admin.headers, {
    percent: 90,
    target: { productIds: [product] },
    startsAt: new Date(T - HOUR).toISOString(),
    endsAt: new Date(T + HOUR).toISOString(),
  });
  return product;
}

/** The price the catalogue shows the player now, in roubles. */
async function shownPrice(app: FastifyInstance, productId: number): Promise<number | undefined> {
  const reply = await app.inject({ url: '/api/products' });
  return reply
    .json<Array<{ id: number; price: number }>>()
    .find((product) => product.id === productId)?.price;
}

/** What a refused purchase must have left as it was: the balance, the ledger and the orders. */
const moneyOf = async (buyer: Account) => {
  const rows = await purchaseRows(world.shop.app.db, buyer.id);
  return { balance: rows.balance, ledger: rows.ledger, orders: rows.orders, debits: rows.debits };
};

function expectPriceChanged(reply: Awaited<ReturnType<typeof buy>>, was: string, now: number) {
  expect(reply.statusCode, reply.body).toBe(409);
  expect(reply.json()).toEqual({
    error: 'price_changed',
    message: `Цена изменилась: было ${was}, стало ${now} ₽`,
    total: now,
  });
}

describe('a purchase confirms the total the player saw', () => {
  it('refuses a single purchase whose sale ended after the view, on both processes, charging nothing', async () => {
    const buyer = await world.player(1000);
    const product = await saleProduct('Аптечка');
    clockAt(T);
    expect(await shownPrice(world.shop.app, product)).toBe(8.9);
    // The second process saw the sale too: its cache still holds it after the end.
    expect(await shownPrice(world.other, product)).toBe(8.9);
    const before = await moneyOf(buyer);

    clockAt(T + HOUR);
    const order = { productId: product, serverId: world.main, quantity: 1, expectedTotal: 8.9 };
    expectPriceChanged(await buy(world.shop.app, buyer.headers, order), '8,90 ₽', 89);
    // The stale process prices it at 8,90 ₽ from memory; the statement finds the sale over.
    expectPriceChanged(await buy(world.other, buyer.headers, order), '8,90 ₽', 89);
    expect(await moneyOf(buyer)).toEqual(before);

    // Asked again at the new price, it goes through and says what it took.
    const again = await buy(world.shop.app, buyer.headers, { ...order, expectedTotal: 89 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ charged: 89, balance: 911 });
  });

  it('charges a lower total than the one confirmed as it is, and names it', async () => {
    const buyer = await world.player(1000);
    const product = await saleProduct('Бинт');
    clockAt(T);
    const reply = await buy(world.shop.app, buyer.headers, {
      productId: product,
      serverId: world.main,
      quantity: 1,
      // The player saw the full price; the sale began before the click.
      expectedTotal: 89,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ charged: 8.9, balance: 991.1 });
    // Without expectedTotal (another client) nothing is compared, and the reply still names it.
    const plain = await buy(world.shop.app, buyer.headers, {
      productId: product,
      serverId: world.main,
      quantity: 2,
    });
    expect(plain.json()).toMatchObject({ charged: 17.8 });
  });

  it('refuses a gift whose sale ended after the view', async () => {
    const buyer = await world.player(1000);
    const friend = await createAccount(world.shop.app, world.shop.config);
    const product = await saleProduct('Шприц');
    clockAt(T);
    const before = await moneyOf(buyer);
    clockAt(T + HOUR);
    const gift = {
      productId: product,
      serverId: world.main,
      quantity: 3,
      giftTo: friend.steamId,
      expectedTotal: 26.7,
    };
    expectPriceChanged(await buy(world.shop.app, buyer.headers, gift), '26,70 ₽', 267);
    expect(await moneyOf(buyer)).toEqual(before);
    const again = await buy(world.shop.app, buyer.headers, { ...gift, expectedTotal: 267 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ charged: 267, gift: { steamId: friend.steamId } });
  });

  it('refuses the cart whose sale ended after the view, keeping the cart', async () => {
    const buyer = await world.player(1000);
    const product = await saleProduct('Патроны');
    const rifle = await addProduct(world.shop, world.admin.headers, {
      name: 'Винтовка',
      gameItemName: 'rifle.ak',
      category: 'weapons',
      price: 150,
    });
    clockAt(T);
    for (const [productId, quantity] of [
      [product, 2],
      [rifle, 1],
    ] as const) {
      const put = await world.shop.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: buyer.headers,
        payload: { productId, quantity },
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    const seen = (await world.shop.app.inject({ url: '/api/cart', headers: buyer.headers })).json<{
      total: number;
    }>();
    expect(seen.total).toBe(167.8);
    const before = await moneyOf(buyer);

    clockAt(T + HOUR);
    const checkout = (expectedTotal: number) =>
      world.shop.app.inject({
        method: 'POST',
        url: '/api/cart/purchase',
        headers: { ...buyer.headers, 'idempotency-key': `cart-${expectedTotal}-${buyer.id}` },
        payload: { serverId: world.main, expectedTotal },
      });
    expectPriceChanged(await checkout(seen.total), '167,80 ₽', 328);
    expect(await moneyOf(buyer)).toEqual(before);
    const cart = (await world.shop.app.inject({ url: '/api/cart', headers: buyer.headers })).json<{
      items: unknown[];
      total: number;
    }>();
    expect(cart.items).toHaveLength(2);
    expect(cart.total).toBe(328);

    const again = await checkout(cart.total);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ charged: 328, balance: 672 });
  });

  it('refuses a total that is not a sum of kopecks', async () => {
    const buyer = await world.player(1000);
    const reply = await buy(world.shop.app, buyer.headers, {
      productId: await saleProduct('Ткань'),
      serverId: world.main,
      quantity: 1,
      expectedTotal: 8.901,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('Неверная сумма покупки');
  });
});
