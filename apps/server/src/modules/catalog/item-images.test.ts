import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { productInputSchema } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createProductsRepository } from '../products/products-repository';
import { createItemsRepository } from './items-repository';

const AK = { id: 1545779598, shortname: 'rifle.ak', nameEn: 'Assault Rifle', nameRu: null };
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

let withTemplate: TestApp;
let withoutTemplate: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-data-'));
  mkdirSync(path.join(dataDir, 'img'));
  writeFileSync(path.join(dataDir, 'img', '-2072273936.png'), PNG);
  withTemplate = await createTestApp({
    DATA_DIR: dataDir,
    ITEM_ICON_URL: 'https://icons.example.org/rust/{shortname}.png?id={id}',
  });
  withoutTemplate = await createTestApp({ DATA_DIR: dataDir });
  for (const shop of [withTemplate, withoutTemplate]) {
    await createItemsRepository(shop.app.db).upsertMany([
      { ...AK, category: 'weapons' },
      {
        id: -2072273936,
        shortname: 'bandage',
        nameEn: 'Bandage',
        nameRu: null,
        category: 'medical',
      },
    ]);
  }
});
afterAll(async () => {
  await withTemplate.close();
  await withoutTemplate.close();
});

describe('item pictures', () => {
  it("redirects to ITEM_ICON_URL filled with the item's shortname and id", async () => {
    const response = await withTemplate.app.inject({ url: `/img/${AK.id}.png` });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      `https://icons.example.org/rust/rifle.ak.png?id=${AK.id}`,
    );
  });

  it('prefers the icon the owner put in DATA_DIR/img', async () => {
    for (const shop of [withTemplate, withoutTemplate]) {
      const response = await shop.app.inject({ url: '/img/-2072273936.png' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.rawPayload.equals(PNG)).toBe(true);
    }
  });

  it('answers 404 when no icon is known, so the page draws the category picture', async () => {
    const unknownItem = await withTemplate.app.inject({ url: '/img/42.png' });
    expect(unknownItem.statusCode).toBe(404);
    const noTemplate = await withoutTemplate.app.inject({ url: `/img/${AK.id}.png` });
    expect(noTemplate.statusCode).toBe(404);
    expect(noTemplate.json()).toEqual({ error: 'not_found', message: 'Изображение не найдено' });
    for (const file of ['99999999999.png', 'x.png', '..%2Fsecret.png', '1.gif']) {
      expect((await withTemplate.app.inject({ url: `/img/${file}` })).statusCode).toBe(404);
    }
  });
});

describe('product pictures in the catalogue', () => {
  /** The picture address each product of the catalogue is sent with, by name. */
  async function catalogueImages(shop: TestApp): Promise<Record<string, string | null>> {
    const reply = await shop.app.inject({ url: '/api/products' });
    expect(reply.statusCode).toBe(200);
    const products: { name: string; image: string | null }[] = reply.json();
    return Object.fromEntries(products.map((product) => [product.name, product.image]));
  }

  beforeAll(async () => {
    for (const shop of [withTemplate, withoutTemplate]) {
      const products = createProductsRepository(shop.app.db);
      const product = (fields: Record<string, unknown>) =>
        products.create(productInputSchema.parse({ category: 'weapons', price: 10, ...fields }));
      await product({ name: 'АК', gameItemName: 'rifle.ak', gameItemId: AK.id });
      await product({ name: 'Бинт', gameItemName: 'bandage', gameItemId: -2072273936 });
      await product({
        name: 'Своя',
        gameItemName: 'rifle.ak',
        gameItemId: AK.id,
        image: '/own.png',
      });
      shop.app.catalog.reload();
    }
  });

  it('sends no picture address for an item without an icon, so no card asks for a missing file', async () => {
    expect(await catalogueImages(withoutTemplate)).toEqual({
      АК: null,
      Бинт: '/img/-2072273936.png',
      Своя: '/own.png',
    });
  });

  it('offers every item its icon when ITEM_ICON_URL is set', async () => {
    expect(await catalogueImages(withTemplate)).toEqual({
      АК: `/img/${AK.id}.png`,
      Бинт: '/img/-2072273936.png',
      Своя: '/own.png',
    });
  });

  it('picks up an icon put in DATA_DIR/img once the catalogue reloads, and sends the WebP when that is the file', async () => {
    writeFileSync(path.join(dataDir, 'img', `${AK.id}.webp`), PNG);
    try {
      vi.useFakeTimers({ now: Date.now() + 31_000, toFake: ['Date'] });
      withoutTemplate.app.catalog.reload();
      expect((await catalogueImages(withoutTemplate))['АК']).toBe(`/img/${AK.id}.webp`);
      const icon = await withoutTemplate.app.inject({ url: `/img/${AK.id}.webp` });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toBe('image/webp');
    } finally {
      vi.useRealTimers();
      rmSync(path.join(dataDir, 'img', `${AK.id}.webp`));
    }
  });
});

describe('ITEM_ICON_URL and SUPPORT_EMAIL settings', () => {
  it('refuses a template without {shortname} or {id}, or not http(s)', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', ITEM_ICON_URL: 'https://cdn.example.org/a.png' }),
    ).toThrow(/ITEM_ICON_URL/);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', ITEM_ICON_URL: 'ftp://cdn.example.org/{id}.png' }),
    ).toThrow(/ITEM_ICON_URL/);
    expect(() => loadConfig({ NODE_ENV: 'test', SUPPORT_EMAIL: 'not-an-address' })).toThrow(
      /SUPPORT_EMAIL/,
    );
  });

  it('shows no e-mail by default and the configured one when set', async () => {
    const plain = await withoutTemplate.app.inject({ url: '/api/site' });
    expect(plain.json().supportEmail).toBeNull();
    const shop = await createTestApp({ SUPPORT_EMAIL: 'help@rust-shop.example' });
    try {
      const site = await shop.app.inject({ url: '/api/site' });
      expect(site.statusCode).toBe(200);
      expect(site.json()).toMatchObject({ supportEmail: 'help@rust-shop.example' });
    } finally {
      await shop.close();
    }
  });
});
