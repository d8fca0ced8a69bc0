import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/sign-in';
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
  admin = await createAccount(shop.app, shop.config, 'admin');
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
    expect(page.chain).toEqual({ verified: true, checked: 9, brokenAt: null });
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

  it('detects an edited row, and a deleted one, by the broken hash chain', async () => {
    const { entries } = await audit();
    const balance = entries.find((entry: { action: string }) => entry.action === 'user.balance');
    await tamper(sql`update audit_log set after = '{"balance":7500}' where id = ${balance.id}`);
    expect((await audit()).chain).toMatchObject({ verified: false, brokenAt: balance.id });

    await tamper(
      sql`update audit_log set after = '{"balance":75,"change":75}' where id = ${balance.id}`,
    );
    expect((await audit()).chain.verified).toBe(true);

    await tamper(sql`delete from audit_log where id = ${balance.id}`);
    expect((await audit()).chain).toMatchObject({ verified: false, brokenAt: balance.id + 1 });
  });
});
