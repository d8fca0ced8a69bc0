import { ADMIN_MESSAGES } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { signInThroughSteam, startFakeSteam, type FakeSteam } from '../../test-support/fake-steam';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import { createTestApp, type TestApp } from '../../test-support/test-app';

const PUBLIC_URL = 'http://shop.test';
const RETURN_TO = `${PUBLIC_URL}/api/auth/steam/return`;
const FIRST_OWNER = '76561198000000401';
const SECOND_OWNER = '76561198000000402';
const env = { PUBLIC_URL, DEMO: '0' };

let steam: FakeSteam;
let shop: TestApp;
const restarted: FastifyInstance[] = [];

beforeAll(async () => {
  steam = await startFakeSteam();
  shop = await createTestApp({
    ...env,
    STEAM_OPENID_URL: steam.url,
    ADMIN_STEAM_IDS: `${FIRST_OWNER},${SECOND_OWNER}`,
  });
});
afterAll(async () => {
  for (const app of restarted) await app.close();
  await shop.close();
  await steam.close();
});

/** The shop started again on the same database with another ADMIN_STEAM_IDS. */
async function restartWith(adminSteamIds: string): Promise<FastifyInstance> {
  const config = loadConfig({
    ...env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    STEAM_OPENID_URL: steam.url,
    ADMIN_STEAM_IDS: adminSteamIds,
  });
  const app = await buildApp({
    config,
    database: shop.database,
    rateLimitMax: 100_000,
    gameServers: { monitorIntervalMs: false },
    reconcileIntervalMs: false,
    delivery: { autostart: false },
  });
  await app.ready();
  restarted.push(app);
  return app;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const edit = (app: FastifyInstance, id: number, token: string, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/admin/users/${id}`, headers: bearer(token), payload });
const profile = async (app: FastifyInstance, token: string) =>
  (await app.inject({ url: '/api/auth/profile', headers: bearer(token) })).json();
const userId = async (steamId: string) =>
  (
    await queryRows<{ id: number }>(
      shop.database.db,
      sql`select id from users where steam_id = ${steamId}`,
    )
  )[0]!.id;

describe('owners (ADMIN_STEAM_IDS)', () => {
  let firstOwner: string;
  let secondOwner: string;
  let admin: Awaited<ReturnType<typeof createAccount>>;

  beforeAll(async () => {
    firstOwner = await signInThroughSteam(shop.app, steam.provider, FIRST_OWNER, RETURN_TO);
    secondOwner = await signInThroughSteam(shop.app, steam.provider, SECOND_OWNER, RETURN_TO);
    admin = await createAccount(shop.app, shop.config, 'admin');
  });

  it('are admins and shown as owners in the admin list', async () => {
    expect(await profile(shop.app, firstOwner)).toMatchObject({ isAdmin: true, isOwner: true });
    const list = await shop.app.inject({
      url: `/api/admin/users?query=${FIRST_OWNER}`,
      headers: admin.headers,
    });
    expect(list.json().users[0]).toMatchObject({ steamId: FIRST_OWNER, isOwner: true });
  });

  it('are changed by no admin: 403 with a Russian message and nothing changes', async () => {
    const id = await userId(FIRST_OWNER);
    for (const payload of [{ isAdmin: false }, { balance: 500, reason: 'Подарок' }]) {
      const reply = await edit(shop.app, id, admin.token, payload);
      expect(reply.statusCode).toBe(403);
      expect(reply.json().message).toBe(ADMIN_MESSAGES.ownerProtected);
    }
    expect(await profile(shop.app, firstOwner)).toMatchObject({ isAdmin: true, balance: 0 });
    const signOut = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/users/${id}/logout-everywhere`,
      headers: admin.headers,
    });
    expect(signOut.statusCode).toBe(403);
    expect((await profile(shop.app, firstOwner)).steamId).toBe(FIRST_OWNER);
  });

  it('stay admins whatever another owner asks', async () => {
    const reply = await edit(shop.app, await userId(SECOND_OWNER), firstOwner, { isAdmin: false });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe(ADMIN_MESSAGES.ownerStaysAdmin);
  });

  it('alone grant and take admin rights, and each change is journaled', async () => {
    const player = await createAccount(shop.app, shop.config);
    expect((await edit(shop.app, player.id, admin.token, { isAdmin: true })).statusCode).toBe(403);
    expect((await edit(shop.app, admin.id, admin.token, { isAdmin: false })).statusCode).toBe(400);
    expect((await edit(shop.app, player.id, firstOwner, { isAdmin: true })).statusCode).toBe(200);
    expect((await edit(shop.app, player.id, admin.token, { isAdmin: false })).statusCode).toBe(403);
    expect((await edit(shop.app, player.id, firstOwner, { isAdmin: false })).statusCode).toBe(200);
    const journal = await queryRows<{ after: string }>(
      shop.database.db,
      sql`select after from audit_log where action = 'user.admin' and target_id = ${String(player.id)}
          order by id`,
    );
    expect(journal.map((row) => JSON.parse(row.after))).toEqual([
      { isAdmin: true, role: 'admin' },
      { isAdmin: false, role: 'player' },
    ]);
  });

  it('lose owner and admin rights when taken out of the setting, and an owner’s demotion sticks', async () => {
    const ex = await userId(SECOND_OWNER);
    const app = await restartWith(FIRST_OWNER);
    expect(await profile(app, secondOwner)).toMatchObject({ isAdmin: false, isOwner: false });
    const journal = await queryRows<{ actor_name: string; after: string }>(
      shop.database.db,
      sql`select actor_name, after from audit_log where action = 'user.owner' and target_id = ${String(ex)}`,
    );
    expect(journal.map((row) => [row.actor_name, JSON.parse(row.after)])).toEqual([
      ['ADMIN_STEAM_IDS', { isAdmin: false, isOwner: false }],
    ]);

    // An owner makes the ex-owner an admin again; a start changes nothing of that.
    expect((await edit(app, ex, firstOwner, { isAdmin: true })).statusCode).toBe(200);
    const again = await restartWith(FIRST_OWNER);
    expect(await profile(again, secondOwner)).toMatchObject({ isAdmin: true, isOwner: false });
    // Demoted by an owner, a sign-in does not promote them back.
    expect((await edit(again, ex, firstOwner, { isAdmin: false })).statusCode).toBe(200);
    const fresh = await signInThroughSteam(again, steam.provider, SECOND_OWNER, RETURN_TO);
    expect(await profile(again, fresh)).toMatchObject({ isAdmin: false, isOwner: false });
  });
});
