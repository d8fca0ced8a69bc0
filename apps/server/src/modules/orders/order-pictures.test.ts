import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderItems, products as productsTable } from '../../db/schema/index';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { buy } from '../../test-support/purchase-rows';
import { createItemsRepository } from '../catalog/items-repository';

const AK = {
  id: 1545779598,
  shortname: 'rifle.ak',
  nameEn: 'Assault Rifle',
  category: 'weapons' as const,
};
const BANDAGE = {
  id: -2072273936,
  shortname: 'bandage',
  nameEn: 'Bandage',
  category: 'medical' as const,
};
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');
const MIGRATION = path.join(
  import.meta.dirname,
  '../../db/migrations/0012_order_item_own_picture.sql',
);

/** What is stored: the product's own picture, never an icon address. */
const ONLY_OWN_PICTURES = {
  АК: { image: null },
  Бинт: { image: null },
  Своя: { image: '/own.png' },
};

let dataDir: string;
let setup: GameShop;
let player: Awaited<ReturnType<typeof createAccount>>;

/** A JSON list's entries by name, each reduced to the given fields. */
function byName(rows: Array<{ name: string } & Record<string, unknown>>, ...fields: string[]) {
  return Object.fromEntries(
    rows.map((row) => [row.name, Object.fromEntries(fields.map((field) => [field, row[field]]))]),
  );
}

/** The player's order lines as «Мои заказы» gets them. */
async function orderLines() {
  const reply = await setup.shop.app.inject({ url: '/api/orders', headers: player.headers });
  expect(reply.statusCode).toBe(200);
  const orders: { items: { name: string; image: string | null; category: string }[] }[] =
    reply.json();
  return byName(
    orders.flatMap((order) => order.items),
    'image',
    'category',
  );
}

/**
 * Moves the clock past the 30 s for which the shop keeps its listing of DATA_DIR/img, further each
 * call: the listing is stamped with the moved clock.
 */
let clockShift = 0;
function afterListingExpires() {
  clockShift += 31_000;
  vi.useFakeTimers({ now: Date.now() + clockShift, toFake: ['Date'] });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-data-'));
  mkdirSync(path.join(dataDir, 'img'));
  writeFileSync(path.join(dataDir, 'img', `${BANDAGE.id}.png`), PNG);
  setup = await startGameShop({ env: { DATA_DIR: dataDir }, server: { isPluginEnabled: 1 } });
  const { shop, admin, serverId } = setup;
  await createItemsRepository(shop.app.db).upsertMany([
    { ...AK, nameRu: null },
    { ...BANDAGE, nameRu: null },
  ]);
  const product = (name: string, item: typeof AK | typeof BANDAGE, image?: string) =>
    addProduct(shop, admin.headers, {
      name,
      gameItemName: item.shortname,
      gameItemId: item.id,
      category: item.category,
      ...(image ? { image } : {}),
    });
  const bought = [
    await product('АК', AK),
    await product('Бинт', BANDAGE),
    await product('Своя', AK, '/own.png'),
  ];
  player = await createAccount(shop.app, shop.config);
  await fund(shop, player.id, 100);
  for (const productId of bought) {
    const reply = await buy(shop.app, player.headers, { productId, serverId, quantity: 1 });
    expect(reply.statusCode).toBe(200);
  }
});
afterAll(async () => {
  vi.useRealTimers();
  await setup?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('pictures of past orders', () => {
  it("keeps only the product's own picture and shows the item's icon while the shop has one", async () => {
    const stored = await setup.shop.app.db
      .select({ name: orderItems.name, image: orderItems.image })
      .from(orderItems);
    expect(byName(stored, 'image')).toEqual(ONLY_OWN_PICTURES);
    expect(await orderLines()).toEqual({
      АК: { image: null, category: 'weapons' },
      Бинт: { image: `/img/${BANDAGE.id}.png`, category: 'medical' },
      Своя: { image: '/own.png', category: 'weapons' },
    });
  });

  it('shows an icon put in DATA_DIR/img after the purchase', async () => {
    writeFileSync(path.join(dataDir, 'img', `${AK.id}.webp`), PNG);
    try {
      afterListingExpires();
      expect((await orderLines())['АК']).toEqual({
        image: `/img/${AK.id}.webp`,
        category: 'weapons',
      });
    } finally {
      vi.useRealTimers();
      rmSync(path.join(dataDir, 'img', `${AK.id}.webp`));
      // List the folder again now, so the tests after this one see it without the icon.
      afterListingExpires();
      await orderLines();
      vi.useRealTimers();
    }
  });

  it('migration 0012 forgets icon addresses kept by older purchases and products, not own pictures', async () => {
    const { db } = setup.shop.app;
    await db.execute(sql`update order_items set image = '/img/' || ${AK.id} || '.png'
      where name = 'АК'`);
    await db.execute(sql`update products set image = '/img/' || game_item_id || '.png'
      where name in ('АК', 'Бинт')`);
    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint'))
      await db.execute(sql.raw(statement));
    const products = await db
      .select({ name: productsTable.name, image: productsTable.image })
      .from(productsTable);
    expect(byName(products, 'image')).toEqual(ONLY_OWN_PICTURES);
    expect((await orderLines())['АК']).toEqual({ image: null, category: 'weapons' });
  });
});

describe("the admin's pictures", () => {
  it('names the picture the shop shows beside the stored one, and no icon the shop lacks', async () => {
    const { shop, admin } = setup;
    const products = await shop.app.inject({ url: '/api/admin/products', headers: admin.headers });
    expect(products.statusCode).toBe(200);
    expect(byName(products.json(), 'image', 'shownImage')).toEqual({
      АК: { image: null, shownImage: null },
      Бинт: { image: null, shownImage: `/img/${BANDAGE.id}.png` },
      Своя: { image: '/own.png', shownImage: '/own.png' },
    });
    const items = await shop.app.inject({ url: '/api/admin/items', headers: admin.headers });
    expect(items.statusCode).toBe(200);
    const rows: { shortname: string; image: string | null }[] = items.json().items;
    expect(Object.fromEntries(rows.map((row) => [row.shortname, row.image]))).toEqual({
      'rifle.ak': null,
      bandage: `/img/${BANDAGE.id}.png`,
    });
  });
});
