import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/sign-in';
import { next, socketClients, type TestSocket } from '../../test-support/socket-clients';
import { queryRows } from '../../test-support/sql';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { hashToken } from './sessions-repository';

const DAY_MS = 86_400_000;
let shop: TestApp;
let url: string;
const clients = socketClients();

beforeAll(async () => {
  shop = await createTestApp({ SESSION_TTL_DAYS: '30', SESSION_IDLE_DAYS: '2' });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(shop.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  clients.closeAll();
  await shop.close();
});

const call = (method: 'GET' | 'POST', path: string, token: string) =>
  shop.app.inject({ method, url: path, headers: { authorization: `Bearer ${token}` } });
const sessionOf = async (token: string) =>
  (
    await queryRows<{ expires_at: string; idle_expires_at: string; live_user: number | null }>(
      shop.database.db,
      sql`select expires_at, idle_expires_at, sessions_live_user(token_hash) as live_user
          from sessions where token_hash = ${hashToken(token)}`,
    )
  )[0]!;
const setSession = (token: string, assignments: ReturnType<typeof sql>) =>
  shop.database.db.execute(
    sql`update sessions set ${assignments} where token_hash = ${hashToken(token)}`,
  );

/** What a tab hears when its sessions end: the sign-out, then the end of its connection. */
function signOutSeen(socket: TestSocket) {
  const seen: unknown[] = [];
  socket.on('signedOut', (data) => seen.push(data));
  return new Promise<unknown[]>((resolve) =>
    socket.once('disconnect', () => resolve([...seen, 'disconnect'])),
  );
}

describe('session lifetimes', () => {
  it('ends a session unused for SESSION_IDLE_DAYS, for the purchase statement too', async () => {
    const player = await createAccount(shop.app, shop.config);
    const fresh = await sessionOf(player.token);
    const idleFor = new Date(fresh.idle_expires_at).getTime() - Date.now();
    expect(Math.abs(idleFor - 2 * DAY_MS)).toBeLessThan(60_000);
    await setSession(player.token, sql`idle_expires_at = now() - interval '1 second'`);
    expect((await sessionOf(player.token)).live_user).toBeNull();
    expect((await call('GET', '/api/auth/profile', player.token)).statusCode).toBe(401);
  });

  it('moves the idle end on when the session is used', async () => {
    const player = await createAccount(shop.app, shop.config);
    // Last used almost two days ago: three hours left.
    await setSession(player.token, sql`idle_expires_at = now() + interval '3 hours'`);
    expect((await call('GET', '/api/auth/profile', player.token)).statusCode).toBe(200);
    const left = new Date((await sessionOf(player.token)).idle_expires_at).getTime() - Date.now();
    expect(left).toBeGreaterThan(2 * DAY_MS - 60_000);
  });

  it('never lets refreshing carry a session past SESSION_TTL_DAYS from its sign-in', async () => {
    const player = await createAccount(shop.app, shop.config);
    await setSession(player.token, sql`expires_at = now() + interval '1 hour'`);
    let token = player.token;
    for (let i = 0; i < 3; i += 1) {
      const reply = await call('POST', '/api/auth/refresh', token);
      expect(reply.statusCode).toBe(200);
      token = reply.json().token;
      expect(new Date(reply.json().expiresAt).getTime()).toBeLessThan(Date.now() + 3_600_000);
    }
    // Nor does use: the idle end stops at the session's end.
    const session = await sessionOf(token);
    expect(new Date(session.idle_expires_at).getTime()).toBeLessThanOrEqual(
      new Date(session.expires_at).getTime(),
    );
  });

  it('signs a player out everywhere: every session ends and open sockets close', async () => {
    const player = await createAccount(shop.app, shop.config);
    const other = await createAccount(shop.app, shop.config);
    const phone = (await call('POST', '/api/auth/refresh', player.token)).json().token as string;
    const laptop = await createAccount(shop.app, shop.config, 'player', player.steamId);
    const socket = await clients.joined(url, { id: player.id, token: phone });
    const seen = signOutSeen(socket);

    const reply = await call('POST', '/api/auth/logout-everywhere', laptop.token);
    expect(reply.json()).toEqual({ success: true });
    // The tab is told it is signed out, then its connection closes (issue 36).
    expect(await seen).toEqual([{ reason: 'everywhere' }, 'disconnect']);
    for (const token of [phone, laptop.token]) {
      expect((await call('GET', '/api/auth/profile', token)).statusCode).toBe(401);
    }
    expect((await call('GET', '/api/auth/profile', other.token)).statusCode).toBe(200);
    // A reconnecting tab cannot join with the ended session.
    const retry = await clients.connect(url);
    const refused = next(retry, 'error');
    retry.emit('join', { userId: player.id, token: phone });
    expect((await refused).message).toMatch(/[а-я]/);
  });

  it("lets an admin sign a user out everywhere, journaled, and closes the user's sockets", async () => {
    const admin = await createAccount(shop.app, shop.config, 'admin');
    const player = await createAccount(shop.app, shop.config);
    const tabs = [await clients.joined(url, player), await clients.joined(url, player)];
    const seen = tabs.map(signOutSeen);
    const reply = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/users/${player.id}/logout-everywhere`,
      headers: admin.headers,
    });
    expect(reply.json()).toEqual({ success: true });
    for (const tab of seen) expect(await tab).toEqual([{ reason: 'everywhere' }, 'disconnect']);
    expect((await call('GET', '/api/auth/profile', player.token)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/profile', admin.token)).statusCode).toBe(200);
    const journal = await queryRows<{ actor_id: number; after: string }>(
      shop.database.db,
      sql`select actor_id, after from audit_log where action = 'user.logout_everywhere'
          and target_id = ${String(player.id)}`,
    );
    expect(journal.map((row) => [row.actor_id, JSON.parse(row.after)])).toEqual([
      [admin.id, { sessionsEnded: 1 }],
    ]);
    const missing = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/users/999999/logout-everywhere',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});
