import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../test-support/sign-in';
import { createTestApp, type TestApp } from '../test-support/test-app';

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example',
  ADMIN_STEAM_IDS: '76561198000000001',
  FREEKASSA_SHOP_ID: '12345',
  FREEKASSA_SECRET1: 'test-merchant-secret-1',
  FREEKASSA_SECRET2: 'test-merchant-secret-2',
  FREEKASSA_API_KEY: 'test-merchant-api-key',
  AUDIT_KEY: 'test-audit-key-of-at-least-32-characters',
};

/** The page, the description in both forms, and the files the page loads. */
const DOCS = [
  '/api/docs',
  '/api/docs/',
  '/api/docs/json',
  '/api/docs/yaml',
  '/api/docs/static/swagger-initializer.js',
  '/api/docs/static/swagger-ui-bundle.js',
  '/api/docs/static/index.html',
];

const shops: TestApp[] = [];
afterAll(async () => {
  for (const shop of shops) await shop.close();
});
async function shopWith(env: Record<string, string>): Promise<TestApp> {
  const shop = await createTestApp(env);
  shops.push(shop);
  return shop;
}

describe('/api/docs in production', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await shopWith(PRODUCTION);
  });

  it('answers 401 to anonymous callers and 403 to players, on the page and its JSON alike', async () => {
    const player = await createAccount(shop.app, shop.config, 'player');
    for (const url of DOCS) {
      const anonymous = await shop.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().message, url).toMatch(/[А-Яа-я]/);
      expect(anonymous.body, url).not.toContain('/api/admin/');
      const played = await shop.app.inject({ method: 'GET', url, headers: player.headers });
      expect(played.statusCode, url).toBe(403);
    }
  });

  it('serves the page and the description to a signed-in admin', async () => {
    const admin = await createAccount(shop.app, shop.config, 'admin');
    const json = await shop.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: admin.headers,
    });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json().paths)).toContain('/api/admin/stats');
    const page = await shop.app.inject({
      method: 'GET',
      url: '/api/docs/',
      headers: admin.headers,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('/api/docs elsewhere', () => {
  it.each([
    ['development', { NODE_ENV: 'development' }],
    ['test', { NODE_ENV: 'test' }],
    ['the demo', { NODE_ENV: 'development', DEMO: '1' }],
  ])('is open to anyone in %s', async (_name, env) => {
    const shop = await shopWith(env);
    const json = await shop.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json().paths)).toContain('/api/health');
    const page = await shop.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
