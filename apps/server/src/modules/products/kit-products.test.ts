import { KIT_MAX_LINES, KIT_MESSAGES, SHORTNAME_RULE } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loadShippedItemTable } from '../catalog/shipped-items';

let shop: TestApp;
let admin: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  shop = await createTestApp({ ITEM_ICON_URL: 'https://icons.example.org/rust/{shortname}.png' });
  admin = await createAccount(shop.app, shop.config, 'admin');
  await loadShippedItemTable(shop.app.db);
});
afterAll(() => shop?.close());

const BUILDER = [
  { gameItemName: 'wood', amount: 5000 },
  { gameItemName: 'stones', amount: 5000 },
  { gameItemName: 'metal.fragments', amount: 1000 },
];
const kit = (extra: Record<string, unknown> = {}) => ({
  name: 'Набор строителя',
  category: 'kits',
  price: 249,
  kitItems: BUILDER,
  ...extra,
});
const send = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
  shop.app.inject({ method, url, headers: admin.headers, payload: payload as object });
const create = (payload: unknown) => send('POST', '/api/admin/products', payload);
const productCount = async () =>
  (await queryRows<{ n: number }>(shop.app.db, sql`select count(*)::int as n from products`))[0]!.n;

describe('kits as products', () => {
  it('stores a kit without an item of its own and shows buyers its lines, named, with icons', async () => {
    // The game item name sent along is not the kit's: a kit gives its lines, and stores ''.
    const reply = await create(kit({ gameItemName: 'wood', description: 'На первый дом' }));
    expect(reply.statusCode, reply.body).toBe(201);
    const created = reply.json();
    expect(created).toMatchObject({ gameItemName: '', quantity: 1, commands: null, vipTier: null });
    expect(created.kitItems.map((line: { gameItemName: string }) => line.gameItemName)).toEqual([
      'wood',
      'stones',
      'metal.fragments',
    ]);

    const listed = (await shop.app.inject({ url: '/api/products' })).json();
    const shown = listed.find((product: { id: number }) => product.id === created.id);
    expect(shown.kitItems).toEqual([
      { gameItemName: 'wood', amount: 5000, name: 'Дерево', image: '/img/-151838493.png' },
      { gameItemName: 'stones', amount: 5000, name: 'Камни', image: '/img/-2099697608.png' },
      {
        gameItemName: 'metal.fragments',
        amount: 1000,
        name: 'Фрагменты металла',
        image: '/img/69511070.png',
      },
    ]);
    // A product that is not a kit says so.
    const rifle = await create({
      name: 'АК',
      gameItemName: 'rifle.ak',
      category: 'weapons',
      price: 5,
    });
    expect(rifle.json().kitItems).toBeNull();
    // A buyer finds the kit by what it holds.
    const found = (await shop.app.inject({ url: '/api/products?search=фрагменты' })).json();
    expect(found.map((product: { id: number }) => product.id)).toContain(created.id);
  });

  it('refuses bad lines with a Russian message naming the line, storing nothing', async () => {
    const tooMany = Array.from({ length: KIT_MAX_LINES + 1 }, (_, n) => ({
      gameItemName: `item.${n}`,
      amount: 1,
    }));
    const cases: Array<[unknown, string]> = [
      [[], KIT_MESSAGES.empty],
      [tooMany, KIT_MESSAGES.tooMany],
      [[{ gameItemName: '', amount: 1 }], KIT_MESSAGES.noItem(1)],
      [[BUILDER[0], { gameItemName: 'wood"; quit', amount: 1 }], KIT_MESSAGES.badItem(2)],
      [[{ gameItemName: 'wood', amount: 0 }], KIT_MESSAGES.badAmount(1)],
      [[BUILDER[0], { gameItemName: 'stones', amount: 2.5 }], KIT_MESSAGES.badAmount(2)],
      [[{ gameItemName: 'wood', amount: 100_001 }], KIT_MESSAGES.badAmount(1)],
      [
        [BUILDER[0], BUILDER[1], { gameItemName: 'wood', amount: 1 }],
        KIT_MESSAGES.duplicate(3, 1, 'wood'),
      ],
      [[{ gameItemName: 'wood' }], KIT_MESSAGES.shape],
      ['wood', KIT_MESSAGES.shape],
    ];
    const before = await productCount();
    for (const [kitItems, message] of cases) {
      const reply = await create(kit({ kitItems }));
      expect(reply.statusCode, JSON.stringify(kitItems)).toBe(400);
      expect(reply.json().message).toBe(message);
    }
    expect(KIT_MESSAGES.badItem(2)).toContain(SHORTNAME_RULE);
    expect(await productCount()).toBe(before);
  });

  it('refuses a kit that also carries commands, a VIP or a stack size, naming the field', async () => {
    const before = await productCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ commands: 'oxide.usergroup add {playerId} vip' }, KIT_MESSAGES.commands],
      [{ vipTier: 'Gold', vipDays: 30 }, KIT_MESSAGES.vip],
      [{ untilWipe: true, revokeCommands: 'say bye' }, KIT_MESSAGES.revokeCommands],
      [{ quantity: 5 }, KIT_MESSAGES.quantity],
    ];
    for (const [extra, message] of cases) {
      const reply = await create(kit(extra));
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(message);
    }
    expect(await productCount()).toBe(before);
    // Without lines the game item name is required as ever.
    const plain = await create({ name: 'X', category: 'kits', price: 1, kitItems: null });
    expect(plain.json().message).toBe(
      'Заполните обязательные поля (название, игровое название, цена, категория)',
    );
  });

  it('turns a product into a kit and back through the update route, refusing a bad edit whole', async () => {
    const id = (
      await create({ name: 'Дерево', gameItemName: 'wood', category: 'resources', price: 25 })
    ).json().id as number;
    const edited = await send('PUT', `/api/admin/products/${id}`, kit({ name: 'Дерево+' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Дерево+', gameItemName: '' });
    expect(edited.json().kitItems).toHaveLength(3);

    const refused = await send(
      'PUT',
      `/api/admin/products/${id}`,
      kit({ name: 'Сломанный', kitItems: [{ gameItemName: 'wood', amount: -1 }] }),
    );
    expect(refused.statusCode).toBe(400);
    const [row] = await queryRows<{ name: string; kit: unknown }>(
      shop.app.db,
      sql`select name, kit_items as kit from products where id = ${id}`,
    );
    expect(row).toEqual({ name: 'Дерево+', kit: BUILDER });

    const back = await send('PUT', `/api/admin/products/${id}`, {
      name: 'Дерево',
      gameItemName: 'wood',
      category: 'resources',
      price: 25,
      quantity: 1000,
    });
    expect(back.json()).toMatchObject({ gameItemName: 'wood', quantity: 1000, kitItems: null });
  });
});
