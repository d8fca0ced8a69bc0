import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/sign-in';
import { createSecondInstance, createTestApp, type TestApp } from '../../test-support/test-app';
import { waitUntil } from '../../test-support/wait-until';
import { fakeWebBuild } from '../../test-support/web-root';

/** A built page as Vite leaves it: the server writes the owner's head into it. */
const INDEX = `<!doctype html>
<html lang="ru">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Магазин игровых предметов"
    />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Rust Shop — магазин серверов Rust</title>
  </head>
  <body>
    <div id="root"></div>
    <noscript>Для работы магазина включите JavaScript в браузере.</noscript>
  </body>
</html>`;

describe('settings across shop instances on one database', () => {
  let shop: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    const webRoot = fakeWebBuild({ 'index.html': INDEX });
    shop = await createTestApp({}, { webRoot });
    other = await createSecondInstance(shop, { webRoot });
  });
  afterAll(async () => {
    await other?.close();
    await shop?.close();
  });

  it('a change on one instance is served by the other within 2 s, page head included, with no restart', async () => {
    const admin = await createAccount(shop.app, shop.config, 'admin');
    // The other instance has read the settings in force and holds them.
    expect((await other.inject({ url: '/api/site' })).json().name).toBe('Rust Shop');
    const reply = await shop.app.inject({
      method: 'PUT',
      url: '/api/admin/site',
      headers: admin.headers,
      payload: {
        name: 'Тайга <Раст>',
        description: 'Серверы «Тайги» & друзья',
        colors: { primary: '#2a9d8f' },
      },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const published = Date.now();
    await waitUntil(
      async () => (await other.inject({ url: '/api/site' })).json().name === 'Тайга <Раст>',
      {
        timeoutMs: 2_000,
        what: 'the new name on the other instance',
      },
    );
    expect(Date.now() - published).toBeLessThan(2_000);

    const page = await other.inject({
      url: '/servers',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    const html = page.body;
    expect(html).toContain('<title>Тайга &lt;Раст&gt;</title>');
    expect(html).toContain('<meta name="description" content="Серверы «Тайги» &amp; друзья">');
    expect(html).toContain('<meta property="og:site_name" content="Тайга &lt;Раст&gt;">');
    expect(html).toContain('--color-primary:#2a9d8f');
    expect(html).not.toContain('Rust Shop');
    // The settings ride in the page as data the browser never runs; nothing in them ends it.
    const data = /<script type="application\/json" id="site-settings">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(data![1]!).name).toBe('Тайга <Раст>');
    expect(data![1]).not.toContain('<');
  });

  it('a page is sent compressed and revalidated by its tag', async () => {
    const first = await other.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(first.headers['content-encoding']).toBe('br');
    const etag = String(first.headers.etag);
    const again = await other.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    // The build's own files are never served as they were built.
    expect((await other.inject({ url: '/index.html' })).body).not.toContain('Rust Shop');
  });
});
