import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let shop: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  shop = await createTestApp();
  headers = (await createAccount(shop.app, shop.config, 'admin')).headers;
});
afterAll(() => shop.close());

const create = (payload: unknown) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/admin/servers',
    headers,
    payload: payload as object,
  });

describe('servers admin', () => {
  it('adds a server with the defaults of the specification', async () => {
    const response = await create({
      name: ' Classic ',
      ip: '127.0.0.2',
      port: '28015',
      rconPort: '',
      maxPlayers: 'abc',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Classic',
      ip: '127.0.0.2',
      port: 28015,
      rconPort: 28016,
      maxPlayers: 100,
      status: 'offline',
      isPluginEnabled: 0,
    });
    expect(response.json().pluginKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it.each([
    [{ ip: '1.2.3.4', port: 28015 }],
    [{ name: '', ip: '1.2.3.4', port: 28015 }],
    [{ name: 'X', port: 28015 }],
    [{ name: 'X', ip: '1.2.3.4' }],
  ])(
    'refuses a server without name, IP or port with the message of the specification',
    async (payload) => {
      const before = (await shop.app.inject({ url: '/api/servers' })).json().length;
      const response = await create(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'bad_request',
        message: 'Заполните обязательные поля (название, IP, порт)',
      });
      expect((await shop.app.inject({ url: '/api/servers' })).json()).toHaveLength(before);
    },
  );

  it('refuses a port out of range and a malformed address', async () => {
    expect((await create({ name: 'X', ip: '1.2.3.4', port: 70000 })).json().message).toBe(
      'Порт должен быть от 1 до 65535',
    );
    expect((await create({ name: 'X', ip: 'evil host;rm', port: 1 })).json().message).toBe(
      'IP-адрес или имя хоста указаны неверно',
    );
  });

  it('keeps maintenance set by an admin until it is set back', async () => {
    const { id } = (await create({ name: 'Maint', ip: '127.0.0.1', port: 1 })).json();
    const edit = (status: string) =>
      shop.app.inject({
        method: 'PUT',
        url: `/api/admin/servers/${id}`,
        headers,
        payload: { name: 'Maint', ip: '127.0.0.1', port: 1, status },
      });
    expect((await edit('maintenance')).json()).toMatchObject({
      status: 'maintenance',
      statusOverride: 'maintenance',
    });
    await shop.app.servers.monitor.pollNow();
    expect((await shop.app.inject({ url: `/api/servers/${id}/status` })).json().status).toBe(
      'maintenance',
    );
    expect((await edit('online')).json()).toMatchObject({ statusOverride: null });
  });

  it('regenerates the plugin key', async () => {
    const { id, pluginKey } = (await create({ name: 'Keys', ip: '127.0.0.1', port: 2 })).json();
    const response = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/servers/${id}/plugin-key`,
      headers,
    });
    expect(response.json().pluginKey).not.toBe(pluginKey);
  });

  it('deletes a server, and answers 404 for one that does not exist', async () => {
    const { id } = (await create({ name: 'Gone', ip: '127.0.0.1', port: 3 })).json();
    const del = (serverId: number | string) =>
      shop.app.inject({ method: 'DELETE', url: `/api/admin/servers/${serverId}`, headers });
    expect((await del(id)).json()).toEqual({ success: true });
    expect((await del(id)).json()).toEqual({ error: 'not_found', message: 'Сервер не найден' });
    expect((await del('abc')).statusCode).toBe(400);
    expect((await shop.app.inject({ url: `/api/servers/${id}/status` })).statusCode).toBe(404);
  });

  it('reports host CPU and RAM as percentages', async () => {
    const { cpu, ram } = (await shop.app.inject({ url: '/api/admin/metrics', headers })).json();
    for (const value of [cpu, ram]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
  });
});
