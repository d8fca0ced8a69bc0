import { SHORTNAME_RULE } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let shop: TestApp;
let admin: Awaited<ReturnType<typeof createAccount>>;
let buyer: Awaited<ReturnType<typeof createAccount>>;
let serverA: number;
let serverB: number;

beforeAll(async () => {
  shop = await createTestApp();
  admin = await createAccount(shop.app, shop.config, 'admin');
  buyer = await createAccount(shop.app, shop.config, 'player');
  const addServer = async (name: string) =>
    (
      await shop.app.inject({
        method: 'POST',
        url: '/api/admin/servers',
        headers: admin.headers,
        payload: { name, ip: '127.0.0.1', port: 1, rconPort: 1 },
      })
    ).json().id as number;
  serverA = await addServer('A');
  serverB = await addServer('B');
});
afterAll(() => shop.close());

const base = { gameItemName: 'rifle.ak', category: 'weapons', price: 149.5 };
const create = (payload: Record<string, unknown>) =>
  shop.app.inject({ method: 'POST', url: '/api/admin/products', headers: admin.headers, payload });
const buyerList = async (query = '') =>
  (await shop.app.inject({ url: `/api/products${query}` })).json<
    Array<{
      id: number;
      name: string;
    }>
  >();
const names = async (query = '') => (await buyerList(query)).map((product) => product.name).sort();

describe('products', () => {
  it('creates a product and shows it to buyers at once, prices in roubles', async () => {
    const reply = await create({ ...base, name: 'Калаш', quantity: '1', commands: '' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({
      name: 'Калаш',
      price: 149.5,
      quantity: 1,
      server: 'all',
      commands: null,
    });
    expect(await names()).toContain('Калаш');
  });

  it.each([
    [{ gameItemName: 'wood', category: 'resources', price: 10 }],
    [{ name: 'X', category: 'resources', price: 10 }],
    [{ name: 'X', gameItemName: 'wood', price: 10 }],
    [{ name: 'X', gameItemName: 'wood', category: '', price: 10 }],
    [{ name: 'X', gameItemName: 'wood', category: 'resources' }],
  ])(
    'refuses a product without a required field with the message of the specification',
    async (payload) => {
      const reply = await create(payload);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(
        'Заполните обязательные поля (название, игровое название, цена, категория)',
      );
    },
  );

  it('refuses a bad price, stack size, unknown server or unknown personal buyer', async () => {
    const message = async (extra: Record<string, unknown>) =>
      (await create({ ...base, name: 'Bad', ...extra })).json().message;
    expect(await message({ price: 0 })).toBe('Цена должна быть больше 0');
    expect(await message({ price: 1.005 })).toBe('Цена: не больше двух знаков после запятой');
    expect(await message({ quantity: 0 })).toBe('Количество в стаке: не меньше 1');
    expect(await message({ server: '999' })).toBe('Сервер не найден');
    expect(await message({ personalUserId: 999999 })).toBe(
      'Пользователь для личного товара не найден',
    );
    expect(await names()).not.toContain('Bad');
  });

  it('filters by category, server (an "all" product fits any server) and text in four fields', async () => {
    await create({
      ...base,
      name: 'Дерево A',
      gameItemName: 'wood',
      category: 'resources',
      server: String(serverA),
    });
    await create({
      ...base,
      name: 'Камень B',
      gameItemName: 'stones',
      category: 'resources',
      server: String(serverB),
      description: 'Для фундамента',
    });
    await create({
      ...base,
      name: 'Аптечка',
      originalName: 'Large Medkit',
      gameItemName: 'largemedkit',
      category: 'medical',
      popular: true,
    });

    expect(await names('?category=resources')).toEqual(['Дерево A', 'Камень B']);
    expect(await names(`?server=${serverA}`)).toEqual(['Аптечка', 'Дерево A', 'Калаш']);
    expect(await names(`?server=${serverB}&category=resources`)).toEqual(['Камень B']);
    expect(await names('?search=ФУНДАМЕНТ')).toEqual(['Камень B']);
    expect(await names('?search=medkit')).toEqual(['Аптечка']);
    expect(await names('?search=largemed')).toEqual(['Аптечка']);
    expect(await names('?popular=true')).toEqual(['Аптечка']);
    expect((await shop.app.inject({ url: '/api/products?category=guns' })).statusCode).toBe(400);
  });

  it('hides a hidden product from buyers but not from admins', async () => {
    const { id } = (await create({ ...base, name: 'Скрытый' })).json();
    const patch = (isActive: boolean) =>
      shop.app.inject({
        method: 'PATCH',
        url: `/api/admin/products/${id}`,
        headers: admin.headers,
        payload: { isActive },
      });
    expect((await patch(false)).json().isActive).toBe(false);
    expect(await names()).not.toContain('Скрытый');
    expect((await shop.app.inject({ url: `/api/products/${id}` })).statusCode).toBe(404);
    const all = (
      await shop.app.inject({ url: '/api/admin/products', headers: admin.headers })
    ).json();
    expect(all.map((product: { name: string }) => product.name)).toContain('Скрытый');
    await patch(true);
    expect(await names()).toContain('Скрытый');
  });

  it('shows edits to buyers at once', async () => {
    const { id } = (await create({ ...base, name: 'Старое имя' })).json();
    await buyerList();
    const edit = await shop.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${id}`,
      headers: admin.headers,
      payload: { ...base, name: 'Новое имя', price: 10 },
    });
    expect(edit.json()).toMatchObject({ name: 'Новое имя', price: 10 });
    expect(await names()).toContain('Новое имя');
    expect(await names()).not.toContain('Старое имя');
  });

  it('marks a personal gift with its buyer', async () => {
    const reply = await create({ ...base, name: 'Костюм мумии', personalUserId: buyer.id });
    expect(reply.json().personalUserId).toBe(buyer.id);
    const listed = (await buyerList()).find((product) => product.name === 'Костюм мумии');
    expect(listed).toMatchObject({ personalUserId: buyer.id });
  });

  it('deletes an unsold product, refuses a sold one with the message of the specification', async () => {
    const unsold = (await create({ ...base, name: 'Непроданный' })).json();
    const sold = (await create({ ...base, name: 'Проданный' })).json();
    // An order holding the product, as a purchase would leave it.
    await shop.database.db.execute(sql`
      with placed as (
        insert into orders (user_id, server_id, total_kopecks) values (${buyer.id}, ${serverA}, 14950)
        returning id)
      insert into order_items (order_id, product_id, name, quantity, stacks, price_kopecks, total_kopecks)
      select id, ${sold.id}, 'Проданный', 1, 1, 14950, 14950 from placed`);
    const del = (id: number) =>
      shop.app.inject({
        method: 'DELETE',
        url: `/api/admin/products/${id}`,
        headers: admin.headers,
      });
    const orders = (id: number) =>
      shop.app.inject({ url: `/api/admin/products/${id}/orders`, headers: admin.headers });

    expect((await orders(unsold.id)).json()).toEqual({ hasOrders: false, count: 0 });
    expect((await del(unsold.id)).json()).toEqual({ success: true });
    expect((await orders(sold.id)).json()).toEqual({ hasOrders: true, count: 1 });
    const refused = await del(sold.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Нельзя удалить товар, так как он связан с заказами. Используйте «Скрыть»: покупатели его не увидят, история заказов сохранится.',
    );
    expect(await names()).toContain('Проданный');
    const gone = await del(unsold.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(`Товар с ID ${unsold.id} не найден`);
  });

  it('refuses a game item name outside the shortname rule with a 400, on create and edit', async () => {
    const { id } = (await create({ ...base, name: 'Хороший shortname' })).json();
    for (const gameItemName of ['wood"; quit', 'wood;quit', 'wood\nquit', 'дерево', '.wood']) {
      const created = await create({ ...base, name: 'Плохой shortname', gameItemName });
      expect(created.statusCode).toBe(400);
      expect(created.json().message).toBe(SHORTNAME_RULE);
      const edited = await shop.app.inject({
        method: 'PUT',
        url: `/api/admin/products/${id}`,
        headers: admin.headers,
        payload: { ...base, name: 'Хороший shortname', gameItemName },
      });
      expect(edited.json()).toEqual({ error: 'bad_request', message: SHORTNAME_RULE });
    }
    expect((await create({ ...base, name: 'X', gameItemName: 'x'.repeat(101) })).statusCode).toBe(
      400,
    );
    expect(await names()).not.toContain('Плохой shortname');
  });

  it('keeps a shortname with a space as one game item name', async () => {
    const reply = await create({ ...base, name: 'Машина', gameItemName: ' 2module car ' });
    expect(reply.json()).toMatchObject({ gameItemName: '2module car' });
  });
});
