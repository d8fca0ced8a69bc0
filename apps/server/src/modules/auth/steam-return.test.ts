import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSteam, type FakeSteam } from '../../test-support/fake-steam';
import { queryRows } from '../../test-support/sql';
import { createTestApp, type TestApp } from '../../test-support/test-app';

const PUBLIC_URL = 'http://shop.test';
const RETURN_PATH = `${PUBLIC_URL}/api/auth/steam/return`;
/** The state the browser that started the sign-in keeps; Steam's return carries it back. */
const STATE = randomBytes(32).toString('base64url');
const RETURN_TO = `${RETURN_PATH}?state=${STATE}`;
const PLAYER = '76561198000000042';
const OTHER = '76561198000000077';
const claimed = (id: string) => `https://steamcommunity.com/openid/id/${id}`;

let steam: FakeSteam;
let attacker: FakeSteam;
let shop: TestApp;

beforeAll(async () => {
  steam = await startFakeSteam();
  attacker = await startFakeSteam();
  shop = await createTestApp({ PUBLIC_URL, DEMO: '0', STEAM_OPENID_URL: steam.url });
});
afterAll(async () => {
  await shop.close();
  await steam.close();
  await attacker.close();
});

async function returnWith(query: Record<string, string> | string) {
  const url =
    typeof query === 'string'
      ? `/api/auth/steam/return?${query}`
      : `/api/auth/steam/return?${new URLSearchParams(query).toString()}`;
  return shop.app.inject({ method: 'GET', url });
}

async function countRows(table: 'users' | 'sessions'): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    shop.database.db,
    sql.raw(`select count(*)::int as n from ${table}`),
  );
  return Number(row?.n);
}

/** A refusal sends the browser to the login page with an error and creates nothing. */
async function expectRefused(query: Record<string, string> | string) {
  const before = { users: await countRows('users'), sessions: await countRows('sessions') };
  const response = await returnWith(query);
  expect(response.statusCode).toBe(302);
  expect(response.headers.location).toBe(`${PUBLIC_URL}/login?error=steam`);
  expect(await countRows('users')).toBe(before.users);
  expect(await countRows('sessions')).toBe(before.sessions);
}

describe('Steam sign-in', () => {
  it('starts at the configured provider with an identifier_select request', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: `/api/auth/steam?state=${STATE}`,
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(steam.url);
    expect(location.searchParams.get('openid.mode')).toBe('checkid_setup');
    expect(location.searchParams.get('openid.return_to')).toBe(RETURN_TO);
    expect(location.searchParams.get('openid.realm')).toBe(PUBLIC_URL);
    expect(location.searchParams.get('openid.claimed_id')).toBe(
      'http://specs.openid.net/auth/2.0/identifier_select',
    );
  });

  it('accepts a verified assertion, creates the player and hands back a one-time code for a working token', async () => {
    const checksBefore = steam.checks();
    const response = await returnWith(steam.provider.assert(PLAYER, RETURN_TO));
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    // Nothing a server or a log could see: the code travels in the fragment only.
    expect(`${location.origin}${location.pathname}${location.search}`).toBe(`${PUBLIC_URL}/`);
    const code = new URLSearchParams(location.hash.slice(1)).get('signin');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(steam.checks()).toBe(checksBefore + 1);

    const exchange = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/auth/exchange',
        payload: { code, state: STATE },
      });
    const traded = await exchange();
    expect(traded.statusCode).toBe(200);
    const { token } = traded.json<{ token: string }>();
    expect(token).not.toBe(code);
    const again = await exchange();
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('Ссылка для входа устарела. Войдите снова.');

    const profile = await shop.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      steamId: PLAYER,
      username: 'Игрок 0042',
      balance: 0,
      isAdmin: false,
      vipStatus: 'no VIP',
    });
  });

  it('refuses a replay of an assertion it already accepted', async () => {
    const assertion = steam.provider.assert(OTHER, RETURN_TO);
    expect((await returnWith(assertion)).headers.location).toContain('/#signin=');
    await expectRefused(assertion);
  });

  it('refuses a claimed_id that differs from identity', async () => {
    const fields = steam.provider.assert(PLAYER, RETURN_TO);
    await expectRefused(steam.provider.sign({ ...fields, 'openid.claimed_id': claimed(OTHER) }));
  });

  it('refuses a claimed_id outside steamcommunity.com', async () => {
    const fields = steam.provider.assert(PLAYER, RETURN_TO);
    const foreign = `https://evil.example/openid/id/${PLAYER}`;
    await expectRefused(
      steam.provider.sign({ ...fields, 'openid.claimed_id': foreign, 'openid.identity': foreign }),
    );
  });

  it('refuses an assertion from another provider (wrong op_endpoint) without asking anyone', async () => {
    const before = { steam: steam.checks(), attacker: attacker.checks() };
    await expectRefused(attacker.provider.assert(PLAYER, RETURN_TO));
    expect({ steam: steam.checks(), attacker: attacker.checks() }).toEqual(before);
  });

  it('refuses a forged assertion naming the real endpoint when the provider says is_valid:false', async () => {
    const forged = attacker.provider.assert(PLAYER, RETURN_TO);
    forged['openid.op_endpoint'] = steam.url;
    const checksBefore = steam.checks();
    await expectRefused(attacker.provider.sign(forged));
    expect(steam.checks()).toBe(checksBefore + 1);
  });

  it('refuses a genuine assertion whose claimed_id was altered after signing', async () => {
    const fields = steam.provider.assert(PLAYER, RETURN_TO);
    await expectRefused({
      ...fields,
      'openid.claimed_id': claimed(OTHER),
      'openid.identity': claimed(OTHER),
    });
  });

  it.each([
    ['another site', `http://evil.test/api/auth/steam/return?state=${STATE}`],
    ['a look-alike path', `${RETURN_PATH}-x?state=${STATE}`],
    ['another path', `${PUBLIC_URL}/api/auth/profile?state=${STATE}`],
  ])('refuses a return_to pointing at %s', async (_label, returnTo) => {
    await expectRefused(steam.provider.assert(PLAYER, returnTo));
  });

  it('refuses an assertion whose signed list leaves out claimed_id', async () => {
    const fields = steam.provider.assert(PLAYER, RETURN_TO);
    await expectRefused(
      steam.provider.sign(fields, ['op_endpoint', 'identity', 'return_to', 'response_nonce']),
    );
  });

  it('refuses smuggled extra openid parameters', async () => {
    const fields = steam.provider.assert(PLAYER, RETURN_TO);
    await expectRefused({ ...fields, 'openid.ns.sreg': 'http://openid.net/extensions/sreg/1.1' });
  });

  it('refuses a duplicated claimed_id parameter', async () => {
    const fields = steam.provider.assert(PLAYER, RETURN_TO);
    const query = `${new URLSearchParams(fields).toString()}&openid.claimed_id=${encodeURIComponent(claimed(OTHER))}`;
    await expectRefused(query);
  });

  it('refuses a cancelled sign-in and an empty return', async () => {
    await expectRefused({
      'openid.ns': 'http://specs.openid.net/auth/2.0',
      'openid.mode': 'cancel',
    });
    await expectRefused({});
  });

  it('refuses an assertion with a stale nonce', async () => {
    const fields = steam.provider.assert(PLAYER, RETURN_TO);
    await expectRefused(
      steam.provider.sign({ ...fields, 'openid.response_nonce': '2020-01-01T00:00:00Zold' }),
    );
  });

  it('refuses when the provider cannot be reached', async () => {
    const offline = await startFakeSteam();
    const fields = offline.provider.assert(PLAYER, RETURN_TO);
    await offline.close();
    const lonely = await createTestApp({ PUBLIC_URL, DEMO: '0', STEAM_OPENID_URL: offline.url });
    try {
      const response = await lonely.app.inject({
        method: 'GET',
        url: `/api/auth/steam/return?${new URLSearchParams(fields).toString()}`,
      });
      expect(response.headers.location).toBe(`${PUBLIC_URL}/login?error=steam`);
    } finally {
      await lonely.close();
    }
  });
});
