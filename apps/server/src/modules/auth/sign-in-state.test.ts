import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughSteam, startFakeSteam, type FakeSteam } from '../../test-support/fake-steam';
import { queryRows } from '../../test-support/sql';
import { createTestApp, type TestApp } from '../../test-support/test-app';

const PUBLIC_URL = 'http://shop.test';
const RETURN_PATH = `${PUBLIC_URL}/api/auth/steam/return`;
const OWNER = '76561198000000100';
const PLAYER = '76561198000000301';
const ATTACKER = '76561198000000302';
const OTHER_BROWSER = 'Этот вход начат не в этом браузере';

let steam: FakeSteam;
let shop: TestApp;

beforeAll(async () => {
  steam = await startFakeSteam();
  shop = await createTestApp({
    PUBLIC_URL,
    DEMO: '0',
    STEAM_OPENID_URL: steam.url,
    ADMIN_STEAM_IDS: OWNER,
  });
});
afterAll(async () => {
  await shop.close();
  await steam.close();
});

const newState = () => randomBytes(32).toString('base64url');

/** Steam's return of a sign-in started with `state`: the code the shop hands back, if any. */
async function codeFor(steamId: string, state: string): Promise<string> {
  const assertion = steam.provider.assert(steamId, `${RETURN_PATH}?state=${state}`);
  const response = await shop.app.inject({
    url: `/api/auth/steam/return?${new URLSearchParams(assertion).toString()}`,
  });
  const location = new URL(String(response.headers.location));
  const code = new URLSearchParams(location.hash.slice(1)).get('signin');
  if (!code) throw new Error(`no code: ${location.href}`);
  return code;
}

const exchange = (payload: Record<string, string>, token?: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/auth/exchange',
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const profileOf = (token: string) =>
  shop.app.inject({ url: '/api/auth/profile', headers: { authorization: `Bearer ${token}` } });

async function sessionCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    shop.database.db,
    sql`select count(*)::int as n from sessions`,
  );
  return Number(row?.n);
}

describe('a sign-in is bound to the browser that started it', () => {
  it('starts only with a well-formed state, and carries it through return_to', async () => {
    const state = newState();
    const started = await shop.app.inject({ url: `/api/auth/steam?state=${state}` });
    const returnTo = new URL(String(started.headers.location)).searchParams.get('openid.return_to');
    expect(returnTo).toBe(`${RETURN_PATH}?state=${state}`);
    for (const query of ['', '?state=short', `?state=${state}x`]) {
      const refused = await shop.app.inject({ url: `/api/auth/steam${query}` });
      expect(refused.headers.location).toBe(`${PUBLIC_URL}/login?error=steam`);
    }
    // Control characters and a repeated state never reach Steam either.
    for (const query of [`?state=${state}%00`, `?state=${state}&state=${state}`]) {
      const refused = await shop.app.inject({ url: `/api/auth/steam${query}` });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/[а-я]/);
    }
  });

  it('refuses a Steam return whose return_to carries no state, without asking Steam', async () => {
    const checks = steam.checks();
    const assertion = steam.provider.assert(PLAYER, RETURN_PATH);
    const response = await shop.app.inject({
      url: `/api/auth/steam/return?${new URLSearchParams(assertion).toString()}`,
    });
    expect(response.headers.location).toBe(`${PUBLIC_URL}/login?error=steam`);
    expect(steam.checks()).toBe(checks);
  });

  it('keeps only a hash of the state with the code', async () => {
    const state = newState();
    await codeFor(PLAYER, state);
    const rows = await queryRows<{ state_hash: string }>(
      shop.database.db,
      sql`select state_hash from sign_in_codes`,
    );
    expect(rows.map((row) => row.state_hash)).not.toContain(state);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.state_hash))).toBe(true);
  });

  it('refuses a code shown with another state: nothing is signed in and the code is spent', async () => {
    const state = newState();
    const code = await codeFor(ATTACKER, state);
    const before = await sessionCount();
    const refused = await exchange({ code, state: newState() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain(OTHER_BROWSER);
    expect(await sessionCount()).toBe(before);
    // The right state comes too late: a code shown in the wrong browser has leaked.
    expect((await exchange({ code, state })).statusCode).toBe(401);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a code shown without a state, and a malformed state, in Russian', async () => {
    const code = await codeFor(ATTACKER, newState());
    const missing = await exchange({ code });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toContain(OTHER_BROWSER);
    const malformed = await exchange({ code: 'x'.repeat(43), state: 'not a state' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain(OTHER_BROWSER);
  });

  it('redeems a code once, with its own state', async () => {
    const state = newState();
    const code = await codeFor(PLAYER, state);
    const traded = await exchange({ code, state });
    expect(traded.statusCode).toBe(200);
    const replay = await exchange({ code, state });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Ссылка для входа устарела. Войдите снова.');
    expect((await profileOf(traded.json().token)).json().steamId).toBe(PLAYER);
  });

  it('voids a code not yet traded when the player signs out everywhere', async () => {
    const signedIn = await signInThroughSteam(shop.app, steam.provider, PLAYER, RETURN_PATH);
    // A sign-in of the last minute, its code not yet traded (a stolen one, or another device's).
    const state = newState();
    const pending = await codeFor(PLAYER, state);
    const out = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/logout-everywhere',
      headers: { authorization: `Bearer ${signedIn}` },
    });
    expect(out.statusCode).toBe(200);
    const traded = await exchange({ code: pending, state });
    expect(traded.statusCode).toBe(401);
    expect(traded.json().message).toBe('Ссылка для входа устарела. Войдите снова.');
    // Another player's code is theirs to trade.
    const otherState = newState();
    const others = await codeFor(ATTACKER, otherState);
    await shop.app.inject({
      method: 'POST',
      url: '/api/auth/logout-everywhere',
      headers: {
        authorization: `Bearer ${await signInThroughSteam(shop.app, steam.provider, PLAYER, RETURN_PATH)}`,
      },
    });
    expect((await exchange({ code: others, state: otherState })).statusCode).toBe(200);
  });

  it("leaves a signed-in player's session alone when another account's code is refused", async () => {
    const mine = await signInThroughSteam(shop.app, steam.provider, PLAYER, RETURN_PATH);
    const theirs = await codeFor(ATTACKER, newState());
    expect((await exchange({ code: theirs, state: newState() }, mine)).statusCode).toBe(403);
    expect((await profileOf(mine)).json().steamId).toBe(PLAYER);
  });

  it("journals an admin's sign-in, not a player's", async () => {
    const journal = () =>
      queryRows<{ actor_name: string; target_name: string }>(
        shop.database.db,
        sql`select actor_name, target_name from audit_log where action = 'auth.sign_in'`,
      );
    const before = (await journal()).length;
    await signInThroughSteam(shop.app, steam.provider, PLAYER, RETURN_PATH);
    expect((await journal()).length).toBe(before);
    await signInThroughSteam(shop.app, steam.provider, OWNER, RETURN_PATH);
    const after = await journal();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)?.target_name).toBe('Игрок 0100');
  });
});
