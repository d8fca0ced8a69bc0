import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addServer } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let shop: TestApp;
let admin: Awaited<ReturnType<typeof createAccount>>;
let player: Awaited<ReturnType<typeof createAccount>>;
let serverId: number;
let otherServerId: number;

beforeAll(async () => {
  shop = await createTestApp();
  admin = await createAccount(shop.app, shop.config, 'admin');
  player = await createAccount(shop.app, shop.config, 'player');
  serverId = await addServer(shop, admin.headers, { name: 'Main' });
  otherServerId = await addServer(shop, admin.headers, { name: 'Other', port: 28025 });
});
afterAll(() => shop?.close());

const mark = (id: number | string, payload?: unknown, headers = admin.headers) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/admin/servers/${id}/wipes`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const get = (url: string, headers = admin.headers) => shop.app.inject({ url, headers });
const wipes = async (query = '') => (await get(`/api/admin/wipes${query}`)).json();
const serverInput = { name: 'Main', ip: '127.0.0.1', port: 28015, rconPort: 1 };

describe('a wipe marked by hand', () => {
  it('is recorded now when no time is given, shown as the last wipe and journaled', async () => {
    const before = Date.now();
    const reply = await mark(serverId);
    expect(reply.statusCode, reply.body).toBe(201);
    const wipe = reply.json();
    expect(wipe).toMatchObject({ serverId, source: 'manual', seed: null, worldSize: null });
    expect(Date.parse(wipe.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(wipe.at)).toBeLessThanOrEqual(Date.now());
    const listed = (await shop.app.inject({ url: '/api/servers' })).json();
    expect(listed.find((server: { id: number }) => server.id === serverId).lastWipeAt).toBe(
      wipe.at,
    );
    const journal = (await get('/api/admin/audit')).json();
    expect(journal.entries[0]).toMatchObject({
      action: 'server.wipe',
      targetType: 'server',
      targetId: String(serverId),
      targetName: 'Main',
    });
    expect(journal.chain.verified).toBe(true);
  });

  it('takes a time given, and refuses the same wipe twice', async () => {
    const at = '2025-11-06T19:00:00.000Z';
    const reply = await mark(serverId, { at: '2025-11-06T22:00:00+03:00' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().at).toBe(at);
    expect((await mark(serverId, { at })).json()).toEqual({
      error: 'conflict',
      message: 'Вайп в это время уже отмечен',
    });
  });

  it('lists wipes newest first, of one server and after a time', async () => {
    await mark(otherServerId, { at: '2025-12-01T10:00:00Z' });
    const all = await wipes();
    expect(all.map((wipe: { at: string }) => wipe.at)).toEqual(
      [...all.map((wipe: { at: string }) => wipe.at)].sort().reverse(),
    );
    expect(all).toHaveLength(3);
    expect(await wipes(`?serverId=${otherServerId}`)).toEqual([
      expect.objectContaining({ serverId: otherServerId, at: '2025-12-01T10:00:00.000Z' }),
    ]);
    const recent = await wipes(`?serverId=${serverId}&since=2025-11-07T00:00:00Z`);
    expect(recent).toHaveLength(1);
    expect(Date.parse(recent[0].at)).toBeGreaterThan(Date.parse('2025-11-07T00:00:00Z'));
  });

  it('refuses bad input with a Russian message and changes nothing', async () => {
    const count = (await wipes()).length;
    const journal = (await get('/api/admin/audit')).json().entries.length;
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const cases: Array<[unknown, string]> = [
      [{ at: future }, 'Время вайпа не может быть в будущем'],
      [{ at: 'вчера' }, 'Время вайпа указано неверно'],
      [{ at: '2025-13-01T00:00:00Z' }, 'Время вайпа указано неверно'],
      [{ at: 42 }, 'Время вайпа указано неверно'],
    ];
    for (const [payload, message] of cases) {
      const reply = await mark(serverId, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json()).toEqual({ error: 'bad_request', message });
    }
    for (const query of ['?serverId=abc', '?serverId=0', '?since=yesterday', '?serverId=1e12']) {
      const reply = await get(`/api/admin/wipes${query}`);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().message, query).toMatch(/[а-яё]/i);
    }
    for (const query of ['', '?serverId=', '?serverId=-1', '?serverId=x']) {
      const reply = await get(`/api/admin/revenue-by-wipe${query}`);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().message, query).toMatch(/[а-яё]/i);
    }
    expect((await mark(999_999)).json()).toEqual({
      error: 'not_found',
      message: 'Сервер не найден',
    });
    expect((await mark('abc')).statusCode).toBe(400);
    expect((await get('/api/admin/revenue-by-wipe?serverId=999999')).statusCode).toBe(404);
    expect((await wipes()).length).toBe(count);
    expect((await get('/api/admin/audit')).json().entries.length).toBe(journal);
  });

  it('is for admins only', async () => {
    expect((await mark(serverId, {}, player.headers)).statusCode).toBe(403);
    expect((await mark(serverId, {}, { authorization: '' })).statusCode).toBe(401);
    expect((await get('/api/admin/wipes', player.headers)).statusCode).toBe(403);
    expect(
      (await get(`/api/admin/revenue-by-wipe?serverId=${serverId}`, player.headers)).statusCode,
    ).toBe(403);
  });
});

describe('a server’s wipe schedule', () => {
  const edit = (payload: object) =>
    shop.app.inject({
      method: 'PUT',
      url: `/api/admin/servers/${serverId}`,
      headers: admin.headers,
      payload: { ...serverInput, ...payload },
    });
  const fortnight = { every: 'two-weeks', weekday: 4, time: '18:00', anchor: '2025-12-04' };

  it('is taken on create, kept when an edit leaves it out, cleared by null', async () => {
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/servers',
      headers: admin.headers,
      payload: { ...serverInput, name: 'Scheduled', wipeSchedule: fortnight },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ wipeSchedule: fortnight, lastWipeAt: null });
    expect(Date.parse(created.json().nextWipeAt)).toBeGreaterThan(Date.now());

    expect((await edit({ wipeSchedule: fortnight })).json().wipeSchedule).toEqual(fortnight);
    expect((await edit({ description: 'Без слова о вайпе' })).json().wipeSchedule).toEqual(
      fortnight,
    );
    const listed = (await get('/api/admin/servers')).json();
    expect(listed.find((server: { id: number }) => server.id === serverId)).toMatchObject({
      wipeSchedule: fortnight,
      nextWipeAt: expect.any(String),
    });
    const cleared = (await edit({ wipeSchedule: null })).json();
    expect(cleared).toMatchObject({ wipeSchedule: null, nextWipeAt: null });
  });

  it('refuses a bad schedule with its Russian message and keeps the server as it was', async () => {
    await edit({ wipeSchedule: fortnight });
    const cases: Array<[unknown, string]> = [
      [{ every: 'week', weekday: 7, time: '14:00' }, 'Выберите день недели'],
      [{ every: 'week', weekday: 4, time: '25:00' }, 'Время вайпа: ЧЧ:ММ, например 14:00'],
      [
        { every: 'week', weekday: 4, time: '14:00', timeZone: 'Mars/Olympus' },
        'Неизвестный часовой пояс',
      ],
      [
        { every: 'two-weeks', weekday: 4, time: '14:00' },
        'Укажите дату одного из вайпов (ГГГГ-ММ-ДД)',
      ],
      [
        { every: 'two-weeks', weekday: 4, time: '14:00', anchor: '2025-02-30' },
        'Укажите дату одного из вайпов (ГГГГ-ММ-ДД)',
      ],
      [{ every: 'daily', time: '14:00' }, 'Выберите расписание вайпов'],
      ['четверг', 'Выберите расписание вайпов'],
    ];
    for (const [wipeSchedule, message] of cases) {
      const reply = await edit({ name: 'Renamed', wipeSchedule });
      expect(reply.statusCode, JSON.stringify(wipeSchedule)).toBe(400);
      expect(reply.json(), JSON.stringify(wipeSchedule)).toEqual({ error: 'bad_request', message });
    }
    const zone = await edit({ wipeSchedule: { ...fortnight, timeZone: 'Europe/Ber\u0007lin' } });
    expect(zone.statusCode).toBe(400);
    const server = (await get('/api/admin/servers'))
      .json()
      .find((row: { id: number }) => row.id === serverId);
    expect(server).toMatchObject({ name: 'Main', wipeSchedule: fortnight });
  });
});
