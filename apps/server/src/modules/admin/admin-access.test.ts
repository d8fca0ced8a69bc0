import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let shop: TestApp;
let player: Awaited<ReturnType<typeof createAccount>>;
let admin: Awaited<ReturnType<typeof createAccount>>;

const RCON_PASSWORD = 'rcon-Secret-Pa55';

beforeAll(async () => {
  shop = await createTestApp();
  player = await createAccount(shop.app, shop.config, 'player');
  admin = await createAccount(shop.app, shop.config, 'admin');
  const created = await shop.app.inject({
    method: 'POST',
    url: '/api/admin/servers',
    headers: admin.headers,
    payload: { name: 'Main', ip: '127.0.0.1', port: 28015, rconPassword: RCON_PASSWORD },
  });
  expect(created.statusCode).toBe(201);
});
afterAll(() => shop.close());

/** Every route of the table with its path parameters filled, so a new route is checked too. */
function routesUnder(prefix: string, exclude?: string) {
  return shop.routes
    .filter((route) => route.url.startsWith(prefix) && route.method !== 'HEAD')
    .filter((route) => !exclude || !route.url.startsWith(exclude))
    .map((route) => ({
      method: route.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: route.url
        .replace(':steamId', '76561198000000002')
        .replace(/:[A-Za-z]+/g, '1')
        .replace('*', 'x'),
    }));
}

describe('admin routes', () => {
  it('answer 401 to anonymous callers and 403 to players, every one of them', async () => {
    const adminRoutes = routesUnder('/api/admin');
    expect(adminRoutes.length).toBeGreaterThanOrEqual(8);
    const walked = adminRoutes.map((route) => `${route.method} ${route.url}`);
    for (const route of [
      'GET /api/admin/stats',
      'GET /api/admin/revenue-stats',
      'GET /api/admin/payment-stats',
      'GET /api/admin/users',
      'PUT /api/admin/users/1',
      'GET /api/admin/users/1/purchases',
      'POST /api/admin/users/1/mute',
      'POST /api/admin/users/1/unmute',
      'POST /api/admin/users/1/ban',
      'POST /api/admin/users/1/unban',
      'GET /api/admin/audit',
    ]) {
      expect(walked).toContain(route);
    }
    for (const route of adminRoutes) {
      const anonymous = await shop.app.inject({ ...route, payload: {} });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      const asPlayer = await shop.app.inject({ ...route, headers: player.headers, payload: {} });
      expect(asPlayer.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(asPlayer.json()).toEqual({ error: 'forbidden', message: 'Недостаточно прав' });
    }
  });

  it('answer no request with 500 because of an id beyond the database range', async () => {
    const huge = '3000000000';
    const routes = shop.routes.filter(
      (route) => route.url.includes(':') && route.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, huge);
      const reply = await shop.app.inject({
        method: route.method as 'GET',
        url,
        headers: admin.headers,
        payload: { productId: huge, serverId: huge, quantity: 1, command: 'status', ids: [] },
      });
      expect(reply.statusCode, `${route.method} ${url}`).toBeLessThan(500);
    }
    for (const payload of [
      { name: 'X', gameItemName: 'wood', category: 'resources', price: 1, gameItemId: huge },
      { name: 'X', gameItemName: 'wood', category: 'resources', price: 1, personalUserId: huge },
    ]) {
      const reply = await shop.app.inject({
        method: 'POST',
        url: '/api/admin/products',
        headers: admin.headers,
        payload,
      });
      expect(reply.statusCode).toBe(400);
    }
    const emptyItemId = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: admin.headers,
      payload: {
        name: 'Без предмета',
        gameItemName: 'wood',
        category: 'resources',
        price: 1,
        gameItemId: '',
      },
    });
    expect(emptyItemId.json()).toMatchObject({ gameItemId: null, image: null });
  });

  it('never show RCON passwords or plugin keys outside the admin API', async () => {
    const list = await shop.app.inject({ url: '/api/admin/servers', headers: admin.headers });
    const [server] = list.json();
    expect(server.rconPassword).toBe(RCON_PASSWORD);
    const secrets = [RCON_PASSWORD, server.pluginKey as string];

    const publicGets = routesUnder('/api', '/api/admin').filter(
      (route) =>
        route.method === 'GET' && !route.url.includes('/demo/') && !route.url.includes('/docs'),
    );
    expect(publicGets.length).toBeGreaterThanOrEqual(4);
    for (const route of publicGets) {
      for (const headers of [{}, player.headers]) {
        const response = await shop.app.inject({ ...route, headers });
        for (const secret of secrets) {
          expect(response.body, `${route.url}`).not.toContain(secret);
        }
      }
    }
    const docs = await shop.app.inject({ url: '/api/docs/json' });
    for (const secret of secrets) expect(docs.body).not.toContain(secret);
    const paths = Object.keys(docs.json().paths);
    for (const path of [
      '/api/admin/stats',
      '/api/admin/revenue-stats',
      '/api/admin/payment-stats',
      '/api/admin/users',
      '/api/admin/users/{id}',
      '/api/admin/users/{id}/mute',
      '/api/admin/users/{id}/ban',
      '/api/admin/audit',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
