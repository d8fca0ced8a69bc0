import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, addServer } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let shop: TestApp;
let admin: Awaited<ReturnType<typeof createAccount>>;
let serverId: number;
let woodId: number;

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

beforeAll(async () => {
  shop = await createTestApp();
  admin = await createAccount(shop.app, shop.config, 'admin');
  serverId = await addServer(shop, admin.headers, { name: 'Main' });
  woodId = await addProduct(shop, admin.headers, { name: 'Дерево' });
});
afterAll(() => shop?.close());

const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: unknown) =>
  shop.app.inject({
    method,
    url,
    headers: admin.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const timed = (fields: Record<string, unknown> = {}) => ({
  name: 'Весенняя распродажа',
  percent: 20,
  target: { all: true },
  startsAt: inHours(-1),
  endsAt: inHours(24),
  ...fields,
});
const salesCount = async () =>
  (await queryRows<{ n: number }>(shop.app.db, sql`select count(*)::int as n from sales`))[0]!.n;
const journal = async () =>
  queryRows<{ action: string; target_id: string; before: string | null; after: string | null }>(
    shop.app.db,
    sql`select action, target_id, before, after from audit_log
        where target_type = 'sale' order by id`,
  );

describe('sales admin API', () => {
  it('creates, shows, changes and deletes a sale, each change journaled', async () => {
    const created = await send('POST', '/api/admin/sales', timed());
    expect(created.statusCode, created.body).toBe(201);
    const sale = created.json();
    expect(sale).toMatchObject({
      name: 'Весенняя распродажа',
      percent: 20,
      target: { all: true },
      afterWipeHours: null,
      serverId: null,
      runningNow: true,
    });
    expect((await send('GET', `/api/admin/sales/${sale.id}`)).json()).toEqual(sale);
    expect((await send('GET', '/api/admin/sales')).json()).toContainEqual(sale);

    const changed = await send('PUT', `/api/admin/sales/${sale.id}`, {
      name: 'После вайпа',
      percent: 30,
      target: { productIds: [woodId, woodId] },
      afterWipeHours: 24,
      serverId,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // No wipe of that server is known yet: it does not run.
    expect(changed.json()).toMatchObject({
      id: sale.id,
      percent: 30,
      target: { productIds: [woodId] },
      startsAt: null,
      endsAt: null,
      afterWipeHours: 24,
      serverId,
      runningNow: false,
    });

    expect((await send('DELETE', `/api/admin/sales/${sale.id}`)).json()).toEqual({
      success: true,
    });
    expect((await send('GET', `/api/admin/sales/${sale.id}`)).statusCode).toBe(404);
    const entries = (await journal()).filter((entry) => entry.target_id === String(sale.id));
    expect(entries.map((entry) => entry.action)).toEqual([
      'sale.create',
      'sale.update',
      'sale.delete',
    ]);
    expect(JSON.parse(entries[1]!.before!)).toMatchObject({ percent: 20 });
    expect(JSON.parse(entries[1]!.after!)).toMatchObject({ percent: 30, serverId });
  });

  it('answers 404 in Russian for a sale that does not exist, changing nothing', async () => {
    const before = await salesCount();
    for (const reply of [
      await send('GET', '/api/admin/sales/999999'),
      await send('PUT', '/api/admin/sales/999999', timed()),
      await send('DELETE', '/api/admin/sales/999999'),
    ]) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toBe('Распродажа не найдена');
    }
    expect(await salesCount()).toBe(before);
  });

  it('refuses bad sales with a Russian 400 and stores nothing', async () => {
    const before = await salesCount();
    const journalBefore = (await journal()).length;
    const refusals: Array<[Record<string, unknown>, string]> = [
      [timed({ name: '  ' }), 'Название распродажи: от 1 до 80 символов'],
      [timed({ name: 'Весна\nскидки' }), 'Текст содержит недопустимые символы'],
      [timed({ name: 'Весна\tскидки' }), 'Текст содержит недопустимые символы'],
      [timed({ percent: 0 }), 'Скидка: от 1 до 90 %'],
      [timed({ percent: 91 }), 'Скидка: от 1 до 90 %'],
      [timed({ percent: 12.5 }), 'Скидка: целое число процентов'],
      [timed({ endsAt: inHours(-2) }), 'Конец распродажи должен быть позже начала'],
      [timed({ endsAt: null }), 'Укажите начало и конец'],
      [timed({ startsAt: 'завтра' }), 'Время указано неверно'],
      [timed({ startsAt: '0000-01-01T00:00:00Z' }), 'Время указано неверно'],
      [timed({ endsAt: '9999-12-31T23:59:59Z' }), 'Время указано неверно'],
      [
        timed({ afterWipeHours: 24, serverId }),
        'Укажите либо начало и конец, либо часы после вайпа и сервер',
      ],
      [
        { name: 'Вайп', percent: 10, target: { all: true }, afterWipeHours: 24 },
        'Укажите часы после вайпа и сервер',
      ],
      [
        { name: 'Вайп', percent: 10, target: { all: true }, afterWipeHours: 721, serverId },
        'Часы после вайпа: от 1 до 720',
      ],
      [
        { name: 'Вайп', percent: 10, target: { all: true }, afterWipeHours: 24, serverId: 999999 },
        'Сервер не найден',
      ],
      [timed({ target: { productIds: [] } }), 'Выберите хотя бы один товар'],
      [timed({ target: { productIds: [woodId, 999998] } }), 'Товар не найден: ID 999998'],
      [timed({ target: { productIds: [999998, 999999] } }), 'Товары не найдены: ID 999998, 999999'],
      [
        timed({ target: { category: 'nope' } }),
        'Категория «nope» не найдена: добавьте её в «Оформление → Каталог и деньги»',
      ],
      [timed({ target: 'all' }), 'Укажите, на что действует скидка'],
    ];
    for (const [payload, message] of refusals) {
      const reply = await send('POST', '/api/admin/sales', payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().message, JSON.stringify(payload)).toBe(message);
    }
    // A refused edit leaves the sale as it was.
    const sale = (await send('POST', '/api/admin/sales', timed({ percent: 15 }))).json();
    const refused = await send('PUT', `/api/admin/sales/${sale.id}`, timed({ percent: 95 }));
    expect(refused.statusCode).toBe(400);
    expect((await send('GET', `/api/admin/sales/${sale.id}`)).json().percent).toBe(15);
    expect(await salesCount()).toBe(before + 1);
    expect((await journal()).length).toBe(journalBefore + 1);
    await send('DELETE', `/api/admin/sales/${sale.id}`);
  });

  it('never answers 500 to whatever a body holds', async () => {
    const before = await salesCount();
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            name: fc.oneof(fc.string(), fc.constant(null), fc.integer()),
            percent: fc.oneof(fc.integer({ min: -5, max: 200 }), fc.string(), fc.double()),
            target: fc.oneof(
              fc.constant({ all: true }),
              fc.record({ category: fc.string() }),
              fc.record({ productIds: fc.array(fc.oneof(fc.integer(), fc.string())) }),
              fc.anything(),
            ),
            startsAt: fc.oneof(
              fc.string(),
              fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
            ),
            endsAt: fc.oneof(
              fc.string(),
              fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
            ),
            afterWipeHours: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
            serverId: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
          },
          { requiredKeys: [] },
        ),
        async (payload) => {
          const reply = await send('POST', '/api/admin/sales', payload);
          expect(reply.statusCode, reply.body).toBeLessThan(500);
          if (reply.statusCode === 201) await send('DELETE', `/api/admin/sales/${reply.json().id}`);
        },
      ),
      { numRuns: 150 },
    );
    for (const raw of ['{', 'null', '[]', '"x"']) {
      const reply = await shop.app.inject({
        method: 'POST',
        url: '/api/admin/sales',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: raw,
      });
      expect(reply.statusCode).toBe(400);
    }
    expect(await salesCount()).toBe(before);
  });

  it('is for admins only', async () => {
    const player = await createAccount(shop.app, shop.config);
    expect((await shop.app.inject({ url: '/api/admin/sales' })).statusCode).toBe(401);
    const asPlayer = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/sales',
      headers: player.headers,
      payload: timed(),
    });
    expect(asPlayer.statusCode).toBe(403);
  });
});
