import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addServer } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let shop: TestApp;
let admin: Awaited<ReturnType<typeof createAccount>>;
let serverId: number;

beforeAll(async () => {
  shop = await createTestApp();
  admin = await createAccount(shop.app, shop.config, 'admin');
  serverId = await addServer(shop, admin.headers, { name: 'Classic x2' });
});
afterAll(async () => shop.close());

const send = (body: string | unknown[], query = '') =>
  shop.app.inject({
    method: 'POST',
    url: `/api/admin/import/products${query}`,
    headers: {
      ...admin.headers,
      'content-type': typeof body === 'string' ? 'text/csv' : 'application/json',
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const products = async () =>
  (await shop.app.inject({ url: '/api/admin/products', headers: admin.headers })).json();

const CSV = [
  'name,category,price,shortname,amount,commands,server',
  'Дерево,resources,"12,50",wood,1000,,',
  'Калаш,Оружие,350,rifle.ak,1,,Classic x2',
  '"Набор ""Старт""",kits,99.9,kit.start,1,"inventory.giveto {playerId} wood 100, inventory.giveto {playerId} stones 50",all',
].join('\n');

describe('products brought from another shop', () => {
  it('previews a CSV file, then adds it in one go; the same file again adds nothing', async () => {
    const preview = await send(CSV, '?dryRun=1');
    expect(preview.json()).toEqual({
      dryRun: true,
      rows: 3,
      created: 3,
      existing: 0,
      products: [
        { line: 2, name: 'Дерево', price: 12.5, server: 'Все серверы', status: 'new' },
        { line: 3, name: 'Калаш', price: 350, server: 'Classic x2', status: 'new' },
        { line: 4, name: 'Набор "Старт"', price: 99.9, server: 'Все серверы', status: 'new' },
      ],
      errors: [],
    });
    expect(await products()).toEqual([]);

    expect((await send(CSV)).json()).toMatchObject({ dryRun: false, created: 3 });
    const added = await products();
    expect(added).toHaveLength(3);
    expect(added[1]).toMatchObject({
      name: 'Калаш',
      category: 'weapons',
      price: 350,
      server: String(serverId),
    });
    expect(added[2].commands).toBe(
      'inventory.giveto {playerId} wood 100, inventory.giveto {playerId} stones 50',
    );
    // The shop sells them at once, and the journal says who added them.
    const shopList = await shop.app.inject({ url: '/api/products', headers: admin.headers });
    expect(shopList.json().map((p: { name: string }) => p.name)).toContain('Калаш');
    const journal = await shop.app.inject({ url: '/api/admin/audit', headers: admin.headers });
    expect(journal.json().entries[0]).toMatchObject({
      action: 'products.import',
      actorId: admin.id,
    });

    expect((await send(CSV)).json()).toMatchObject({ created: 0, existing: 3 });
    expect(await products()).toHaveLength(3);
  });

  it('takes a JSON array with the same fields', async () => {
    const reply = await send([
      { name: 'Камень', category: 'resources', price: 5, shortname: 'stones', amount: 1000 },
      { name: 'VIP', category: 'vip', price: '199', item: 'vip', server: serverId },
    ]);
    expect(reply.json()).toMatchObject({ created: 2, errors: [] });
    expect(await products()).toHaveLength(5);
  });

  it('answers bad rows by line and adds nothing', async () => {
    const bad = [
      'name,category,price,shortname,amount,commands,server',
      'Хорошая,resources,10,wood,1,,',
      ',resources,10,wood,1,,',
      'Ноль,resources,0,wood,1,,',
      'Чужая,пушки,10,wood,1,,',
      'Где,resources,10,wood,1,,Nowhere',
      'Пробел,resources,10,bad name!,1,,',
      'Хорошая,resources,11,wood,1,,',
    ].join('\n');
    const refused = await send(bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((e: { line: number }) => e.line)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(refused.json().errors[2].message).toMatch(/^Категория: одна из weapons/);
    expect(refused.json().errors[3].message).toBe('Сервер «Nowhere» не найден');
    expect(refused.json().errors[5].message).toBe('Такой же товар уже есть в строке 2');
    expect((await send('name,price\nX,1')).json().errors).toEqual([
      {
        line: 1,
        message: 'Первая строка CSV: name,category,price,shortname,amount,commands,server',
      },
    ]);
    expect((await send([1, 'two'])).json().errors).toHaveLength(2);
    // A JSON array over the file's limit gets the file's own message, as a CSV that long would.
    const row = { name: 'Камень', category: 'resources', price: 5, shortname: 'stones' };
    const tooMany = await send(Array.from({ length: 5_001 }, () => row));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('Не больше 5 000 товаров в одном файле');
    expect(await products()).toHaveLength(5);
  });
});
