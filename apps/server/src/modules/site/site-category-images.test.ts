import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

type Headers = { authorization: string };
type Category = { key: string; label: string; hidden: boolean; image: string | null };

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp', colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();

describe('category pictures', () => {
  let shop: TestApp;
  let admin: Headers;
  let player: Headers;
  beforeAll(async () => {
    shop = await createTestApp();
    admin = (await createAccount(shop.app, shop.config, 'admin')).headers;
    player = (await createAccount(shop.app, shop.config)).headers;
  });
  afterAll(() => shop.close());

  const upload = (key: string, body: Buffer | string, headers: Headers = admin) =>
    shop.app.inject({
      method: 'PUT',
      url: `/api/admin/site/images/categories/${key}`,
      headers: { ...headers, 'content-type': 'image/png' },
      payload: body,
    });
  const clear = (key: string) =>
    shop.app.inject({
      method: 'DELETE',
      url: `/api/admin/site/images/categories/${key}`,
      headers: admin,
    });
  const site = async () => (await shop.app.inject({ url: '/api/site' })).json();
  const imageOf = async (key: string): Promise<string | null> =>
    ((await site()).categories as Category[]).find((category) => category.key === key)!.image;

  it('shows an upload as a 160 px WebP square on its category alone, journaled as a version', async () => {
    const before = await site();
    expect(before.categories.every((category: Category) => category.image === null)).toBe(true);
    const reply = await upload('weapons', await picture(300, 120, 'jpeg', '#e76f51'));
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().version).toBe(before.version + 1);
    const url = await imageOf('weapons');
    expect(url).toMatch(/^\/api\/site\/images\/[0-9a-f]{20}-category-160\.webp$/);
    expect(await imageOf('tools')).toBeNull();
    const file = await shop.app.inject({ url: url! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 160,
      height: 160,
    });
    const versions = (
      await shop.app.inject({ url: '/api/admin/site/versions', headers: admin })
    ).json();
    expect(versions.versions[0].summary).toBe('Изображение: картинка категории «Оружие» загружена');
    const journal = (await shop.app.inject({ url: '/api/admin/audit', headers: admin })).json();
    expect(journal.entries[0]).toMatchObject({ action: 'site.image', targetType: 'site' });
  });

  it("keeps the other categories' pictures, and a category's through a rename", async () => {
    const weapons = await imageOf('weapons');
    expect((await upload('tools', await picture(64, 64, 'webp', '#2a9d8f'))).statusCode).toBe(200);
    expect(await imageOf('tools')).toMatch(/-category-160\.webp$/);
    expect(await imageOf('weapons')).toBe(weapons);
    const categories = ((await site()).categories as Category[]).map(({ key, label, hidden }) => ({
      key,
      label: key === 'weapons' ? 'Стволы' : label,
      hidden,
    }));
    const renamed = await shop.app.inject({
      method: 'PUT',
      url: '/api/admin/site',
      headers: admin,
      payload: { categories },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await imageOf('weapons')).toBe(weapons);
  });

  it('refuses an unknown category, SVG and a too small picture, in Russian, changing nothing', async () => {
    const before = await site();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="99" height="99"/></svg>';
    const cases: Array<[string, Buffer | string, RegExp]> = [
      ['skins', await picture(100, 100, 'png', '#000'), /Категория «skins» не найдена/],
      ['Bad_Key', await picture(100, 100, 'png', '#000'), /Категория не найдена/],
      ['weapons', svg, /Картинка категории «Стволы»: .*SVG не принимается/],
      ['weapons', await picture(48, 48, 'png', '#000'), /не меньше 64×64/],
    ];
    for (const [key, body, message] of cases) {
      const reply = await upload(key, body);
      expect(reply.statusCode, `${key}: ${reply.body}`).toBe(400);
      expect(reply.json().message).toMatch(message);
    }
    const unknown = await clear('skins');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Категория «skins» не найдена/);
    expect(await site()).toEqual(before);
  });

  it('a player and a guest cannot change a picture', async () => {
    const body = await picture(100, 100, 'png', '#000');
    expect((await upload('weapons', body, player)).statusCode).toBe(403);
    const guest = await shop.app.inject({
      method: 'DELETE',
      url: '/api/admin/site/images/categories/weapons',
    });
    expect(guest.statusCode).toBe(401);
  });

  it('«Убрать» brings back the drawn picture, and a rollback the earlier upload', async () => {
    const withPicture = await site();
    const weapons = await imageOf('weapons');
    const cleared = await clear('weapons');
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await imageOf('weapons')).toBeNull();
    expect(await imageOf('tools')).toMatch(/-category-160\.webp$/);
    const restored = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/site/versions/${withPicture.version}/restore`,
      headers: admin,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await imageOf('weapons')).toBe(weapons);
  });

  it('the export carries every category picture, byte for byte', async () => {
    const all = unzipSync(
      (await shop.app.inject({ url: '/api/admin/export', headers: admin })).rawPayload,
    );
    const settings = JSON.parse(new TextDecoder().decode(all['site/settings.json']));
    expect(Object.keys(settings.overrides.images.categories).sort()).toEqual(['tools', 'weapons']);
    for (const key of ['weapons', 'tools']) {
      const url = (await imageOf(key))!;
      const served = (await shop.app.inject({ url })).rawPayload;
      expect(Buffer.from(all[`site/images/${url.split('/').at(-1)}`]!)).toEqual(served);
    }
  });
});
