import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughSteam, startFakeSteam, type FakeSteam } from '../../test-support/fake-steam';
import { queryRows } from '../../test-support/sql';
import { createTestApp, type TestApp } from '../../test-support/test-app';

const PUBLIC_URL = 'http://shop.test';
const RETURN_TO = `${PUBLIC_URL}/api/auth/steam/return`;
const ADMIN = '76561198000000100';

let steam: FakeSteam;
let shop: TestApp;

beforeAll(async () => {
  steam = await startFakeSteam();
  shop = await createTestApp({
    PUBLIC_URL,
    DEMO: '0',
    STEAM_OPENID_URL: steam.url,
    ADMIN_STEAM_IDS: ADMIN,
  });
});
afterAll(async () => {
  await shop.close();
  await steam.close();
});

const signIn = (steamId: string) =>
  signInThroughSteam(shop.app, steam.provider, steamId, RETURN_TO);

const call = (method: 'GET' | 'POST', url: string, token?: string) =>
  shop.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('profile from the Steam Web API', () => {
  it('takes the name and avatar from GetPlayerSummaries when a key is set', async () => {
    const withKey = await createTestApp({
      PUBLIC_URL,
      DEMO: '0',
      STEAM_OPENID_URL: steam.url,
      STEAM_API_URL: steam.apiUrl,
      STEAM_API_KEY: 'test-key',
    });
    try {
      const token = await signInThroughSteam(
        withKey.app,
        steam.provider,
        '76561198000000002',
        RETURN_TO,
      );
      const profile = await withKey.app.inject({
        url: '/api/auth/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(profile.json()).toMatchObject({
        username: 'Bandit_Kolya',
        avatar: `${steam.apiUrl}/avatars/76561198000000002.svg`,
      });
    } finally {
      await withKey.close();
    }
  });
});

describe('sessions', () => {
  it('limits sign-in attempts per address with a Russian 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await shop.app.inject({ url: '/api/auth/steam' })).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 302)).toBe(true);
    const limited = await shop.app.inject({ url: '/api/auth/steam' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: 'rate_limited',
      message: 'Слишком много запросов, попробуйте позже',
    });
  });

  it('answers 401 with a Russian message without a token or with a malformed one', async () => {
    for (const authorization of [undefined, 'Bearer', 'Basic abc', 'Bearer ' + 'x'.repeat(500)]) {
      const response = await shop.app.inject({
        method: 'GET',
        url: '/api/auth/profile',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'unauthorized',
        message: 'Требуется вход в систему',
      });
    }
  });

  it('answers 401 to an unknown token', async () => {
    expect((await call('GET', '/api/auth/profile', 'A'.repeat(43))).statusCode).toBe(401);
  });

  it('makes the accounts of ADMIN_STEAM_IDS admins', async () => {
    const token = await signIn(ADMIN);
    expect((await call('GET', '/api/auth/profile', token)).json()).toMatchObject({
      steamId: ADMIN,
      isAdmin: true,
    });
  });

  it('keeps the same account on a second sign-in and opens a second session', async () => {
    const first = await signIn('76561198000000201');
    const second = await signIn('76561198000000201');
    expect(first).not.toBe(second);
    const a = (await call('GET', '/api/auth/profile', first)).json();
    const b = (await call('GET', '/api/auth/profile', second)).json();
    expect(a.id).toBe(b.id);
  });

  it('revokes the token on logout', async () => {
    const token = await signIn('76561198000000202');
    expect((await call('POST', '/api/auth/logout', token)).json()).toEqual({ success: true });
    expect((await call('GET', '/api/auth/profile', token)).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/logout', token)).statusCode).toBe(401);
  });

  it('rotates the token on refresh: the old one stops working, the new one works', async () => {
    const token = await signIn('76561198000000203');
    const response = await call('POST', '/api/auth/refresh', token);
    expect(response.statusCode).toBe(200);
    const { token: fresh, expiresAt } = response.json();
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect((await call('GET', '/api/auth/profile', token)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/profile', fresh)).statusCode).toBe(200);
  });

  it('answers 401 to an expired token', async () => {
    const token = await signIn('76561198000000204');
    expect((await call('GET', '/api/auth/profile', token)).statusCode).toBe(200);
    await shop.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second'
          where user_id = (select id from users where steam_id = '76561198000000204')`,
    );
    expect((await call('GET', '/api/auth/profile', token)).statusCode).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const token = await signIn('76561198000000205');
    const rows = await queryRows<{ token_hash: string }>(
      shop.database.db,
      sql`select token_hash from sessions`,
    );
    const hashes = rows.map((row) => row.token_hash);
    expect(hashes).not.toContain(token);
    expect(hashes.every((hash) => /^[0-9a-f]{64}$/.test(hash))).toBe(true);
  });
});
