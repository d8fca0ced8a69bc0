import type { Product } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buy } from '../../test-support/purchase-rows';
import {
  clockAt,
  HOUR,
  markWipe,
  orderLines,
  startSale,
  startSalesShop,
  type Account,
  type SalesShop,
} from '../../test-support/sales-shop';
import { addProduct, fund } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import type { TestApp } from '../../test-support/test-app';

const T = Date.now();
const iso = (moment: number) => new Date(moment).toISOString();
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

async function listed(id: number, query = '', app: FastifyInstance = shop.app): Promise<Product> {
  const reply = await app.inject({ url: `/api/products${query}` });
  expect(reply.statusCode).toBe(200);
  return reply.json<Product[]>().find((product) => product.id === id)!;
}

const offer = (product: Product) => ({
  price: product.price,
  originalPrice: product.originalPrice,
  salePercent: product.salePercent,
  saleEndsAt: product.saleEndsAt,
  availableAt: product.availableAt,
});
const NO_SALE = { originalPrice: null, salePercent: null, saleEndsAt: null, availableAt: null };

describe('the catalogue’s prices in force', () => {
  it('takes and shows the wipe fields, and an order line keeps until-wipe', async () => {
    const kit = await addProduct(shop, admin.headers, {
      name: 'Набор на вайп',
      price: 49,
      wipeBlockHours: 3,
      untilWipe: true,
    });
    expect(await listed(kit)).toMatchObject({
      price: 49,
      ...NO_SALE,
      wipeBlockHours: 3,
      untilWipe: true,
      serverOffers: [],
    });
    const [row] = (await shop.app.inject({ url: '/api/admin/products', headers: admin.headers }))
      .json<Product[]>()
      .filter((product) => product.id === kit);
    const edit = (fields: Record<string, unknown>) =>
      shop.app.inject({
        method: 'PUT',
        url: `/api/admin/products/${kit}`,
        headers: admin.headers,
        payload: { ...row, ...fields },
      });
    const tooLong = await edit({ wipeBlockHours: 721 });
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([
      400,
      'Блокировка после вайпа: от 0 до 720 часов',
    ]);
    const edited = await edit({ wipeBlockHours: 0 });
    expect(edited.json()).toMatchObject({ wipeBlockHours: 0, untilWipe: true });

    const buyer = await createAccount(shop.app, shop.config);
    await fund(shop, buyer.id, 100);
    const bought = await buy(shop.app, buyer.headers, {
      productId: kit,
      serverId: main,
      quantity: 1,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await orderLines(shop.app, bought.json().orderId))[0]).toMatchObject({
      untilWipe: true,
    });
    // The full path (a gift) keeps it too.
    const friend = await createAccount(shop.app, shop.config);
    const gift = await buy(shop.app, buyer.headers, {
      productId: kit,
      serverId: main,
      quantity: 1,
      giftTo: friend.steamId,
    });
    expect(gift.statusCode, gift.body).toBe(200);
    expect((await orderLines(shop.app, gift.json().orderId))[0]).toMatchObject({
      untilWipe: true,
    });
  });

  it('shows a timed sale exactly while it runs, however the answers are cached', async () => {
    const lamp = await addProduct(shop, admin.headers, { name: 'Лампа', price: 80 });
    const from = T + HOUR;
    const to = T + 2 * HOUR;
    await startSale(shop.app, admin.headers, {
      percent: 15,
      target: { productIds: [lamp] },
      startsAt: iso(from),
      endsAt: iso(to),
    });
    clockAt(from - 1);
    expect(offer(await listed(lamp))).toEqual({ price: 80, ...NO_SALE });
    clockAt(from);
    const during = { price: 68, originalPrice: 80, salePercent: 15, saleEndsAt: iso(to) };
    expect(offer(await listed(lamp))).toEqual({ ...during, availableAt: null });
    expect((await shop.app.inject({ url: `/api/products/${lamp}` })).json()).toMatchObject(during);
    // The cart shows it too (for any server).
    const buyer = await createAccount(shop.app, shop.config);
    await shop.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: buyer.headers,
      payload: { productId: lamp, quantity: 2 },
    });
    const cart = (await shop.app.inject({ url: '/api/cart', headers: buyer.headers })).json();
    expect(cart).toMatchObject({ items: [{ price: 68, total: 136 }], total: 136 });
    clockAt(to - 1);
    expect((await listed(lamp)).price).toBe(68);
    clockAt(to);
    expect(offer(await listed(lamp))).toEqual({ price: 80, ...NO_SALE });
  });

  it('lists what a server’s wipe changes for a product sold on every server, per server', async () => {
    const c4 = await addProduct(shop, admin.headers, {
      name: 'C4',
      gameItemName: 'explosive.timed',
      price: 200,
      wipeBlockHours: 24,
    });
    const onMain = await addProduct(shop, admin.headers, {
      name: 'Гвозди',
      price: 10,
      server: String(main),
    });
    const wipeAt = T + 10 * HOUR;
    clockAt(wipeAt + 5 * HOUR);
    await markWipe(shop.app, admin.headers, main, new Date(wipeAt));
    await startSale(shop.app, admin.headers, { percent: 30, afterWipeHours: 24, serverId: main });
    const mainOffer = {
      price: 140,
      originalPrice: 200,
      salePercent: 30,
      saleEndsAt: iso(wipeAt + 24 * HOUR),
      availableAt: iso(wipeAt + 24 * HOUR),
    };

    // No server chosen: timed sales only; the main server's offer is listed apart.
    const all = await listed(c4);
    expect(offer(all)).toEqual({ price: 200, ...NO_SALE });
    expect(all.serverOffers).toEqual([{ serverId: main, ...mainOffer }]);
    // Filtered by a server: that server's offer on top.
    const filtered = await listed(c4, `?server=${main}`);
    expect(offer(filtered)).toEqual(mainOffer);
    expect(filtered.serverOffers).toEqual([{ serverId: second, price: 200, ...NO_SALE }]);
    expect(offer(await listed(c4, `?server=${second}`))).toEqual({ price: 200, ...NO_SALE });
    // A product of the main server alone is priced for it.
    expect(await listed(onMain)).toMatchObject({ price: 7, salePercent: 30, serverOffers: [] });

    clockAt(wipeAt + 24 * HOUR);
    expect((await listed(c4)).serverOffers).toEqual([]);
    expect((await listed(onMain)).price).toBe(10);
  });

  it('shows a wipe another process recorded within seconds, and this process’s own at once', async () => {
    const tea = await addProduct(shop, admin.headers, { name: 'Чай', price: 20 });
    const wipeAt = T + 50 * HOUR;
    clockAt(wipeAt);
    await startSale(shop.app, admin.headers, { percent: 50, afterWipeHours: 1, serverId: second });
    expect(offer(await listed(tea, `?server=${second}`))).toEqual({ price: 20, ...NO_SALE });
    // Another process (a worker's monitor, say) records the wipe and tells no one.
    await other.wipes.record({ serverId: second, at: new Date(wipeAt), source: 'detected' });
    expect((await listed(tea, `?server=${second}`, other)).price).toBe(10);
    clockAt(wipeAt + 5_000);
    expect((await listed(tea, `?server=${second}`)).price).toBe(10);

    // A wipe this process records reaches its catalogue at once.
    clockAt(wipeAt + 2 * HOUR);
    expect((await listed(tea, `?server=${second}`)).price).toBe(20);
    await markWipe(shop.app, admin.headers, second, new Date(wipeAt + 2 * HOUR));
    expect((await listed(tea, `?server=${second}`)).price).toBe(10);
  });
});
