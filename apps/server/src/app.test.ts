import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support/test-app';
import { fakeWebBuild } from './test-support/web-root';

let shop: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  const webRoot = fakeWebBuild({
    'index.html': '<!doctype html><div id="root"></div>',
    'assets/index-abc123.js': 'console.log(1)',
  });
  shop = await createTestApp({}, { webRoot });
  app = shop.app;
});
afterAll(async () => shop?.close());

describe('HTTP surface', () => {
  it('reports health with the database kind', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { kind: shop.database.kind, status: 'ok' },
    });
  });

  it('answers unknown API paths with the JSON error shape, not the web app', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'Не найдено' });
  });

  it('serves index.html for client-side routes, uncached', async () => {
    for (const url of ['/', '/shop', '/profile', '/admin', '/some/unknown/page']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    // Framed only by the shop's own pages: the panel's preview of the home page.
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI description', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/auth/profile');
  });

  it('answers broken JSON and oversized bodies with 4xx in the error shape', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/[А-Яа-я]/);
    const huge = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ blob: 'x'.repeat(400 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: 'payload_too_large', message: 'Слишком большой запрос' });
  });

  it('never answers 500 whatever a request carries', async () => {
    const routes = [
      '/api/auth/profile',
      '/api/auth/refresh',
      '/api/auth/logout',
      '/api/auth/steam/return',
      '/api/site',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 40 }), { maxKeys: 4 }),
        fc.oneof(fc.string({ maxLength: 200 }), fc.json()),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        fc.option(fc.string({ maxLength: 60 })),
        async (url, method, query, payload, contentType, authorization) => {
          const response = await app.inject({
            method,
            url,
            query,
            payload: method === 'GET' ? undefined : payload,
            headers: {
              'content-type': contentType,
              ...(authorization ? { authorization } : {}),
            },
          });
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(Object.keys(response.json()).sort()).toEqual(['error', 'message']);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
