import type { Product, Sale } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, markWipe } from '../../test-support/sales-shop';
import { addServer } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { seedDemoCatalog } from './demo-catalog';
import { seedDemoSales } from './demo-sales';

let shop: TestApp;
let admin: Awaited<ReturnType<typeof createAccount>>;
let first: number;
let second: number;

beforeAll(async () => {
  shop = await createTestApp();
  admin = await createAccount(shop.app, shop.config, 'admin');
  first = await addServer(shop, admin.headers, { name: 'RUSTY | Classic x2' });
  second = await addServer(shop, admin.headers, { name: 'RUSTY | Solo/Duo/Trio x3' });
  // As the demo's servers: the first wiped hours ago, the second days ago.
  await markWipe(shop.app, admin.headers, first, new Date(Date.now() - 5 * HOUR));
  await markWipe(shop.app, admin.headers, second, new Date(Date.now() - 72 * HOUR));
  await seedDemoCatalog(shop.app);
});
afterAll(() => shop?.close());

const sales = async () =>
  (await shop.app.inject({ url: '/api/admin/sales', headers: admin.headers })).json<Sale[]>();
const catalogue = async () => (await shop.app.inject({ url: '/api/products' })).json<Product[]>();

describe('the demo’s sales', () => {
  it('runs a wipe sale on the first server, a timed one on resources, and blocks C4 there', async () => {
    await seedDemoSales(shop.app);
    expect(await sales()).toMatchObject([
      {
        name: '−30 % на 24 ч после вайпа',
        percent: 30,
        serverId: first,
        afterWipeHours: 24,
        runningNow: true,
      },
      { name: 'Неделя ресурсов', target: { category: 'resources' }, runningNow: true },
    ]);
    const products = await catalogue();
    const wood = products.find((product) => product.gameItemName === 'wood')!;
    expect(wood).toMatchObject({ price: 20, originalPrice: 25, salePercent: 20 });
    const c4 = products.find((product) => product.gameItemName === 'explosive.timed')!;
    expect(c4).toMatchObject({ price: 199, wipeBlockHours: 24, availableAt: null });
    expect(c4.serverOffers).toEqual([
      expect.objectContaining({ serverId: first, price: 139.3, salePercent: 30 }),
    ]);
    expect(Date.parse(c4.serverOffers[0]!.availableAt!) - Date.now()).toBeGreaterThan(18 * HOUR);
  });

  it('is made once: sales an admin deleted do not come back', async () => {
    for (const sale of await sales()) {
      await shop.app.inject({
        method: 'DELETE',
        url: `/api/admin/sales/${sale.id}`,
        headers: admin.headers,
      });
    }
    await seedDemoSales(shop.app);
    expect(await sales()).toEqual([]);
  });
});
