import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endSale, startSale } from '../../test-support/sales-shop';
import { addProduct } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { createSecondInstance, createTestApp, type TestApp } from '../../test-support/test-app';
import { waitUntil } from '../../test-support/wait-until';

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('catalogue across shop processes sharing Redis', () => {
  let shop: TestApp;
  let other: FastifyInstance;

  beforeAll(async () => {
    shop = await createTestApp({ REDIS_URL: redisUrl! });
    other = await createSecondInstance(shop);
  });
  afterAll(async () => {
    await other?.close();
    await shop?.close();
  });

  it("shows an admin's price change and hidden product on the other process at once", async () => {
    const admin = await createAccount(shop.app, shop.config, 'admin');
    const id = await addProduct(shop, admin.headers, { name: 'Сера', price: 5 });
    const listed = async () =>
      (await other.inject({ url: '/api/products' })).json<Array<{ id: number; price: number }>>();
    // The other process has the product in its cache now; its copy would live another 30 s.
    expect((await listed()).find((product) => product.id === id)?.price).toBe(5);

    const [product] = (
      await shop.app.inject({ url: '/api/admin/products', headers: admin.headers })
    )
      .json()
      .filter((row: { id: number }) => row.id === id);
    const edit = await shop.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${id}`,
      headers: admin.headers,
      payload: { ...product, price: 7 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await waitUntil(async () => (await listed()).find((row) => row.id === id)?.price === 7, {
      timeoutMs: 3_000,
      what: 'the new price on the other process',
    });

    const hide = await shop.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${id}`,
      headers: admin.headers,
      payload: { isActive: false },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    await waitUntil(async () => !(await listed()).some((row) => row.id === id), {
      timeoutMs: 3_000,
      what: 'the hidden product gone from the other process',
    });
  });

  it("shows an admin's new sale on the other process at once, and its end", async () => {
    const admin = await createAccount(shop.app, shop.config, 'admin');
    const id = await addProduct(shop, admin.headers, { name: 'Уголь', price: 10 });
    const priceThere = async () =>
      (await other.inject({ url: '/api/products' }))
        .json<Array<{ id: number; price: number }>>()
        .find((product) => product.id === id)?.price;
    expect(await priceThere()).toBe(10);
    const sale = await startSale(shop.app, admin.headers, {
      percent: 50,
      target: { productIds: [id] },
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await waitUntil(async () => (await priceThere()) === 5, {
      timeoutMs: 3_000,
      what: 'the sale price on the other process',
    });
    await endSale(shop.app, admin.headers, sale);
    await waitUntil(async () => (await priceThere()) === 10, {
      timeoutMs: 3_000,
      what: 'the full price again on the other process',
    });
  });
});
