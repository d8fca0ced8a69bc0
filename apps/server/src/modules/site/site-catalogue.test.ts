import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

type Headers = { authorization: string };

/** Categories and VIP tiers are the owner's: products, sales and players use their keys. */
describe("the owner's categories and VIP tiers", () => {
  let shop: TestApp;
  let admin: Headers;
  beforeAll(async () => {
    shop = await createTestApp();
    admin = (await createAccount(shop.app, shop.config, 'admin')).headers;
  });
  afterAll(() => shop.close());

  const inject = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
    shop.app.inject({ method, url, headers: admin, payload: payload as Record<string, unknown> });
  const product = (fields: Record<string, unknown>) =>
    inject('POST', '/api/admin/products', {
      name: 'Товар',
      gameItemName: 'wood',
      category: 'resources',
      price: 10,
      ...fields,
    });

  it('a category the owner added takes products and sales; one they did not is refused', async () => {
    const { content } = (await shop.app.inject({ url: '/api/admin/site', headers: admin })).json();
    const categories = [...content.categories, { key: 'events', label: 'Ивенты', hidden: false }];
    expect((await inject('PUT', '/api/admin/site', { categories })).statusCode).toBe(200);
    expect((await product({ category: 'events' })).statusCode).toBe(201);
    const unknown = await product({ category: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('Категория «nope» не найдена');
    const sale = await inject('POST', '/api/admin/sales', {
      name: 'Неделя ивентов',
      percent: 20,
      target: { category: 'nope' },
      startsAt: new Date(Date.now() + 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(sale.statusCode).toBe(400);
    expect(sale.json().message).toContain('Категория «nope» не найдена');
    // The import takes the owner's category by its name as well.
    const imported = await inject('POST', '/api/admin/import/products?dryRun=1', [
      { name: 'Фейерверк', category: 'Ивенты', price: 50, shortname: 'wood' },
    ]);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().errors).toEqual([]);
  });

  it('renaming a category keeps its products; its products keep it from being removed', async () => {
    const { content } = (await shop.app.inject({ url: '/api/admin/site', headers: admin })).json();
    const renamed = content.categories.map((category: { key: string; label: string }) =>
      category.key === 'events' ? { ...category, label: 'Праздники', hidden: true } : category,
    );
    expect((await inject('PUT', '/api/admin/site', { categories: renamed })).statusCode).toBe(200);
    const site = (await shop.app.inject({ url: '/api/site' })).json();
    expect(site.categories.find((category: { key: string }) => category.key === 'events')).toEqual({
      key: 'events',
      label: 'Праздники',
      hidden: true,
      image: null,
    });
    const without = renamed.filter((category: { key: string }) => category.key !== 'events');
    const removed = await inject('PUT', '/api/admin/site', { categories: without });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().message).toContain('«events» есть у товаров');
  });

  it('VIP tiers: renamed, one added, and a tier that is not the owner’s refused', async () => {
    const vipTiers = [
      { key: 'Bronze', label: 'Бронза' },
      { key: 'Silver', label: 'Серебро' },
      { key: 'Gold', label: 'Золото' },
      { key: 'Legend', label: 'Легенда' },
    ];
    expect((await inject('PUT', '/api/admin/site', { vipTiers })).statusCode).toBe(200);
    const vip = {
      category: 'vip',
      gameItemName: 'vip',
      vipDays: 30,
      commands: 'o.grant user {steamid} legend',
    };
    expect((await product({ ...vip, vipTier: 'Legend' })).statusCode, 'Legend').toBe(201);
    const ghost = await product({ ...vip, vipTier: 'Ghost' });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().message).toContain('Уровень VIP «Ghost» не найден');
    expect((await shop.app.inject({ url: '/api/site' })).json().vipTiers).toEqual(vipTiers);
  });
});
