import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { DEFERRED_START_SCRIPT } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { fakeWebBuild } from '../test-support/web-root';

let shop: TestApp;
let app: FastifyInstance;
const script = `export const greeting = ${JSON.stringify('привет '.repeat(400))};\n`;
const page = (content: string) =>
  `<!doctype html><html lang="ru"><body><div id="root">${content}</div>${'<!-- -->'.repeat(300)}</body></html>`;
const html = page('');
const deferredStartHash = `'sha256-${createHash('sha256').update(DEFERRED_START_SCRIPT).digest('base64')}'`;
const prerendered = {
  '/': page('<h1>Магазин серверов Rust</h1>'),
  '/shop': page('<h1>Магазин</h1>'),
};

beforeAll(async () => {
  const webRoot = fakeWebBuild(
    {
      'index.html': html,
      'prerendered/index.html': prerendered['/'],
      'prerendered/shop.html': prerendered['/shop'],
      'assets/index-abc123.js': script,
    },
    { precompressed: true },
  );
  shop = await createTestApp({}, { webRoot });
  app = shop.app;
});
afterAll(async () => shop?.close());

/** A GET as a browser sends it, accepting the given encodings. */
function get(url: string, acceptEncoding: string) {
  return app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
}

describe('precompressed web assets', () => {
  it('sends the brotli file to a browser that accepts br, cached for a year', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['vary']).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    // A script is no document: it carries no page policy of its own, only what guards a file.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers['etag']).toBeUndefined();
  });

  it('sends the gzip file when br is not accepted', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const response = await get('/assets/index-abc123.js', 'identity');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  });

  it('sends compressed HTML for client-side routes and never lets it be cached', async () => {
    for (const url of ['/servers', '/profile', '/admin/orders']) {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(html);
    }
  });
});

describe('prerendered pages', () => {
  it('sends each page its own prerendered HTML, compressed, uncached, with the page policy', async () => {
    for (const [url, expected] of [
      ['/', prerendered['/']],
      ['/shop', prerendered['/shop']],
      ['/shop?category=weapons', prerendered['/shop']],
    ] as const) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['vary']).toContain('accept-encoding');
      // A document: it carries the page's Content-Security-Policy, unlike a script. Its one inline
      // script, the deferred start, is allowed by its hash and no other inline script is.
      expect(response.headers['content-security-policy']).toContain(
        `script-src 'self' ${deferredStartHash};`,
      );
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(expected);
    }
  });

  it('sends the plain prerendered page to a client that accepts no encoding', async () => {
    const response = await get('/shop', 'identity');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(prerendered['/shop']);
  });

  it('falls back to the empty page for paths the build did not prerender', async () => {
    for (const url of ['/shop/', '/SHOP', '/cart', '/login']) {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(html);
    }
  });
});

describe('prerendered pages of a demo shop', () => {
  it('sends the copies drawn with the demo banner, and the plain ones only to a real shop', async () => {
    const demoPage = page('<div role="status">Демо-режим</div><h1>Магазин</h1>');
    const webRoot = fakeWebBuild(
      {
        'index.html': html,
        'prerendered/shop.html': prerendered['/shop'],
        'prerendered/demo/shop.html': demoPage,
      },
      { precompressed: true },
    );
    const demo = await createTestApp({ DEMO: '1' }, { webRoot });
    try {
      const response = await demo.app.inject({ method: 'GET', url: '/shop' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(demoPage);
    } finally {
      await demo.close();
    }
    // The real shop of this file never sends a demo copy.
    expect((await app.inject({ method: 'GET', url: '/shop' })).body).toBe(prerendered['/shop']);
  });
});
