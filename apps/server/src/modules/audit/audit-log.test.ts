import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { addProduct, addServer } from '../../test-support/shop-fixtures';

const RCON_PASSWORD = 'Very-Secret-rcon-77';
let shop: TestApp;
let admin: Awaited<ReturnType<typeof createAccount>>;
let player: Awaited<ReturnType<typeof createAccount>>;

const audit = async (query = '') => {
  const reply = await shop.app.inject({ url: `/api/admin/audit${query}`, headers: admin.headers });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
};
const tamper = (statement: ReturnType<typeof sql>) =>
  shop.app.db.transaction(async (tx) => {
    // Someone with the database's keys goes around the append-only trigger.
    await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await tx.execute(statement);
    await tx.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
  });

beforeAll(async () => {
  shop = await createTestApp();
  // An owner: only owners make admins, and the journal records that too.
  admin = await createAccount(shop.app, shop.config, 'owner');
  player = await createAccount(shop.app, shop.config);
  const serverId = await addServer(shop, admin.headers, { rconPassword: RCON_PASSWORD });
  await shop.app.inject({
    method: 'PUT',
    url: `/api/admin/servers/${serverId}`,
    headers: admin.headers,
    payload: { name: 'Main x2', ip: '127.0.0.1', port: 28015, rconPassword: 'another-secret-9' },
  });
  await addProduct(shop, admin.headers, { name: 'Дерево' });
  const promo = await shop.app.inject({
    method: 'POST',
    url: '/api/admin/promocodes',
    headers: admin.headers,
    payload: { code: 'WIPE-2025', discount: 10, usageLimit: 5 },
  });
  await shop.app.inject({
    method: 'DELETE',
    url: `/api/admin/promocodes/${promo.json().id}`,
    headers: admin.headers,
  });
  await shop.app.inject({
    method: 'PUT',
    url: `/api/admin/users/${player.id}`,
    headers: admin.headers,
    payload: { balance: 75, reason: 'Возврат за баг', isAdmin: true },
  });
  await shop.app.inject({
    method: 'DELETE',
    url: `/api/admin/servers/${serverId}`,
    headers: admin.headers,
  });
  await shop.app.inject({
    method: 'POST',
    url: '/api/chat/send',
    headers: player.headers,
    payload: { message: 'Не пришёл предмет' },
  });
  const closed = await shop.app.inject({
    method: 'POST',
    url: `/api/chat/update-status/${player.id}`,
    headers: admin.headers,
    payload: { status: 'closed' },
  });
  expect(closed.statusCode, closed.body).toBe(200);
});
afterAll(() => shop?.close());

describe('audit log', () => {
  it('records who changed what, before and after, with the reason and address, newest first', async () => {
    const page = await audit();
    expect(page.entries.map((entry: { action: string }) => entry.action)).toEqual([
      'chat.status',
      'server.delete',
      'user.admin',
      'user.balance',
      'promocode.delete',
      'promocode.create',
      'product.create',
      'server.update',
      'server.create',
    ]);
    const balance = page.entries.find(
      (entry: { action: string }) => entry.action === 'user.balance',
    );
    expect(balance).toMatchObject({
      actorId: admin.id,
      targetType: 'user',
      targetId: String(player.id),
      before: { balance: 0 },
      after: { balance: 75, change: 75 },
      reason: 'Возврат за баг',
      ip: '127.0.0.1',
    });
    const rename = page.entries.find(
      (entry: { action: string }) => entry.action === 'server.update',
    );
    expect(rename.before).toMatchObject({ name: 'Server', rconPassword: '•••' });
    expect(rename.after).toMatchObject({ name: 'Main x2', rconPassword: '•••' });
    expect(JSON.stringify(page)).not.toContain(RCON_PASSWORD);
    // The first check has no checkpoint yet: it walks every entry.
    expect(page.chain).toEqual({
      verified: true,
      checked: 9,
      brokenAt: null,
      full: true,
      walked: 9,
    });
  });

  it('filters by actor and by target', async () => {
    expect((await audit(`?actor=${player.id}`)).total).toBe(0);
    expect((await audit(`?actor=${admin.id}`)).total).toBe(9);
    const byTarget = await audit(`?target=${player.id}`);
    expect(byTarget.entries.map((entry: { action: string }) => entry.action)).toEqual([
      'chat.status',
      'user.admin',
      'user.balance',
    ]);
  });

  it('refuses updates and deletes in the database itself', async () => {
    await expect(shop.app.db.execute(sql`update audit_log set reason = 'x'`)).rejects.toThrow();
    await expect(shop.app.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect((await audit()).chain.verified).toBe(true);
  });

  it('verifies each page from the last verified entry on, not the whole chain again', async () => {
    expect((await audit()).chain).toMatchObject({ verified: true, full: false, walked: 0 });
    const promo = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/promocodes',
      headers: admin.headers,
      payload: { code: 'CHECKPOINT', discount: 5, usageLimit: 1 },
    });
    expect(promo.statusCode, promo.body).toBe(201);
    expect((await audit()).chain).toEqual({
      verified: true,
      checked: 10,
      brokenAt: null,
      full: false,
      walked: 1,
    });
  });

  it('detects a row edited after the checkpoint, or at it, on the next page', async () => {
    const promo = await shop.app.inject({
      method: 'DELETE',
      url: `/api/admin/promocodes/${(await audit()).entries[0].targetId}`,
      headers: admin.headers,
    });
    expect(promo.statusCode, promo.body).toBe(200);
    const [newest] = await queryRows<{ id: number; after: string }>(
      shop.app.db,
      sql`select id, after from audit_log order by id desc limit 1`,
    );
    for (const verifiedBefore of [false, true]) {
      // Unverified yet (after the checkpoint), then verified (the checkpoint's own entry).
      if (verifiedBefore) expect((await audit()).chain.verified).toBe(true);
      await tamper(sql`update audit_log set after = '{"discount":95}' where id = ${newest!.id}`);
      expect((await audit()).chain).toMatchObject({ verified: false, brokenAt: newest!.id });
      await tamper(sql`update audit_log set after = ${newest!.after} where id = ${newest!.id}`);
    }
    expect((await audit()).chain).toMatchObject({ verified: true, checked: 11 });
  });

  it('detects an edited row, and a deleted one, before the checkpoint by the full verification', async () => {
    const { entries } = await audit();
    const balance = entries.find((entry: { action: string }) => entry.action === 'user.balance');
    await tamper(sql`update audit_log set after = '{"balance":7500}' where id = ${balance.id}`);
    // From the checkpoint on, nothing changed; the whole chain shows the edit.
    expect((await audit()).chain).toMatchObject({ verified: true, walked: 0 });
    expect((await audit('?full=1')).chain).toMatchObject({
      verified: false,
      brokenAt: balance.id,
      full: true,
    });

    await tamper(
      sql`update audit_log set after = '{"balance":75,"change":75}' where id = ${balance.id}`,
    );
    expect((await audit('?full=1')).chain).toMatchObject({ verified: true, checked: 11 });

    await tamper(sql`delete from audit_log where id = ${balance.id}`);
    expect((await audit('?full=1')).chain).toMatchObject({
      verified: false,
      brokenAt: balance.id + 1,
    });
  });

  it('refuses a malformed full flag with a clear message', async () => {
    const reply = await shop.app.inject({
      url: '/api/admin/audit?full=yes',
      headers: admin.headers,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('Параметр full принимает только 0 или 1');
  });
});
