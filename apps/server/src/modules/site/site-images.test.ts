import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

type Headers = { authorization: string };

const picture = (
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp',
  colour = '#2a9d8f',
) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();

describe('site pictures', () => {
  let shop: TestApp;
  let admin: Headers;
  beforeAll(async () => {
    shop = await createTestApp();
    admin = (await createAccount(shop.app, shop.config, 'admin')).headers;
  });
  afterAll(() => shop.close());

  const upload = (slot: string, body: Buffer | string, type = 'application/octet-stream') =>
    shop.app.inject({
      method: 'PUT',
      url: `/api/admin/site/images/${slot}`,
      headers: { ...admin, 'content-type': type },
      payload: body,
    });
  const site = async () => (await shop.app.inject({ url: '/api/site' })).json();

  it('re-encodes an upload to WebP at the sizes the pages need, served for good by its content', async () => {
    const reply = await upload('background', await picture(2400, 1350, 'jpeg'), 'image/jpeg');
    expect(reply.statusCode, reply.body).toBe(200);
    const { background } = (await site()).images;
    expect(background.phone).toMatch(/^\/api\/site\/images\/[0-9a-f]{20}-background-phone\.webp$/);
    for (const [url, width] of [
      [background.phone, 828],
      [background.desktop, 1920],
    ] as const) {
      const file = await shop.app.inject({ url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
    }
  });

  it('takes a logo and a favicon whatever the request calls them, by their content', async () => {
    expect((await upload('logo', await picture(300, 120, 'png'), 'image/gif')).statusCode).toBe(
      200,
    );
    expect((await upload('favicon', await picture(256, 256, 'webp'))).statusCode).toBe(200);
    const { images } = await site();
    expect(images.logo).toMatch(/-logo-128\.webp$/);
    expect(images.favicon).toMatch(/-favicon-64\.webp$/);
    const favicon = await sharp(
      (await shop.app.inject({ url: images.favicon })).rawPayload,
    ).metadata();
    expect(favicon).toMatchObject({ width: 64, height: 64 });
  });

  it('refuses SVG, other files, a tiny picture and an oversized file, in Russian, changing nothing', async () => {
    const before = await site();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="64" height="64"/></svg>';
    const cases: Array<[string, Buffer | string, RegExp]> = [
      ['logo', svg, /только PNG, JPEG и WebP \(SVG не принимается\)/],
      ['logo', Buffer.from('GIF89a\x01\x00\x01\x00'), /только PNG, JPEG и WebP/],
      ['favicon', await picture(16, 16, 'png'), /не меньше 32×32/],
      [
        'background',
        Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64)]),
        /повреждён/,
      ],
      ['background', Buffer.alloc(5 * 1024 * 1024 + 10, 1), /5 МБ|слишком велик|Слишком большой/i],
      ['banner', await picture(100, 100, 'png'), /логотип, значок вкладки или фон/],
    ];
    for (const [slot, body, message] of cases) {
      const reply = await upload(slot, body, 'image/svg+xml');
      expect(reply.statusCode, `${slot}: ${reply.body}`).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode).toBeLessThan(500);
      expect(reply.json().message).toMatch(message);
    }
    expect(await site()).toEqual(before);
  });

  it('rolling back restores the earlier pictures, and the files of every version stay served', async () => {
    const first = await site();
    expect((await upload('logo', await picture(400, 160, 'png', '#e76f51'))).statusCode).toBe(200);
    const second = await site();
    expect(second.images.logo).not.toBe(first.images.logo);
    const restored = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/site/versions/${first.version}/restore`,
      headers: admin,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await site()).images.logo).toBe(first.images.logo);
    expect((await shop.app.inject({ url: second.images.logo })).statusCode).toBe(200);
    const cleared = await shop.app.inject({
      method: 'DELETE',
      url: '/api/admin/site/images/logo',
      headers: admin,
    });
    expect(cleared.statusCode).toBe(200);
    expect((await site()).images.logo).toBeNull();
  });
});
