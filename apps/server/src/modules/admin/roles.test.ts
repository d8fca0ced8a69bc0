import { ADMIN_MESSAGES, ROLE_MESSAGES, type Permission } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import { createTestApp, type TestApp } from '../../test-support/test-app';

type Account = Awaited<ReturnType<typeof createAccount>>;

let shop: TestApp;
let owner: Account;
let admin: Account;
let moderator: Account;

beforeAll(async () => {
  shop = await createTestApp();
  owner = await createAccount(shop.app, shop.config, 'owner');
  admin = await createAccount(shop.app, shop.config, 'admin');
  moderator = await createAccount(shop.app, shop.config, 'moderator');
});
afterAll(() => shop.close());

const setRole = (by: Account, target: number, payload: Record<string, unknown>) =>
  shop.app.inject({
    method: 'PUT',
    url: `/api/admin/users/${target}/role`,
    headers: by.headers,
    payload,
  });
const get = (by: Account, url: string) =>
  shop.app.inject({ method: 'GET', url, headers: by.headers });
const profile = async (who: Account) =>
  (await get(who, '/api/auth/profile')).json<{ role: string; permissions: string[] }>();
const roleJournal = (userId: number) =>
  queryRows<{ actor_name: string; before: string; after: string }>(
    shop.database.db,
    sql`select actor_name, before, after from audit_log
        where action = 'user.role' and target_id = ${String(userId)} order by id`,
  );

describe('roles', () => {
  it('give each signed-in account the permissions the panel shows', async () => {
    expect(await profile(moderator)).toMatchObject({
      role: 'moderator',
      permissions: ['chats', 'moderation', 'orders.view'],
    });
    expect((await profile(admin)).permissions).toHaveLength(11);
    expect((await profile(owner)).permissions).toContain('owner');
    const player = await createAccount(shop.app, shop.config);
    expect(await profile(player)).toMatchObject({ role: 'player', permissions: [] });
  });

  it('let a moderator see orders and the user list but never money, products, servers or the console', async () => {
    expect((await get(moderator, '/api/admin/orders')).statusCode).toBe(200);
    expect((await get(moderator, '/api/admin/users')).statusCode).toBe(200);
    for (const [url, label] of [
      ['/api/admin/payments', 'Платежи и пополнения'],
      ['/api/admin/stats', 'Платежи и пополнения'],
      ['/api/admin/products', 'Товары, скидки, каталог'],
      ['/api/admin/servers', 'Серверы и вайпы'],
      ['/api/admin/export', 'Выгрузка с личными данными'],
    ]) {
      const reply = await get(moderator, url!);
      expect(reply.statusCode, url).toBe(403);
      expect(reply.json().message).toBe(`Недостаточно прав: нужно разрешение «${label}»`);
    }
    const console = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/rcon/1',
      headers: moderator.headers,
      payload: { command: 'status' },
    });
    expect(console.statusCode).toBe(403);
  });

  it('are set by the owner, who can narrow an admin; each change is journaled', async () => {
    const helper = await createAccount(shop.app, shop.config);
    // In the table's order, as the shop keeps it.
    const narrowed: Permission[] = ['chats', 'orders.view'];
    const reply = await setRole(owner, helper.id, { role: 'admin', permissions: narrowed });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ role: 'admin', isAdmin: true, permissions: narrowed });
    expect((await profile(helper)).permissions).toEqual(narrowed);
    expect((await get(helper, '/api/admin/orders')).statusCode).toBe(200);
    expect((await get(helper, '/api/admin/payments')).statusCode).toBe(403);

    expect((await setRole(owner, helper.id, { role: 'admin' })).json().permissions).toHaveLength(
      11,
    );
    expect((await get(helper, '/api/admin/payments')).statusCode).toBe(200);
    expect((await setRole(owner, helper.id, { role: 'player' })).statusCode).toBe(200);
    expect((await get(helper, '/api/admin/orders')).statusCode).toBe(403);

    const journal = await roleJournal(helper.id);
    expect(journal.map((row) => [JSON.parse(row.before), JSON.parse(row.after)])).toEqual([
      [
        { role: 'player', permissions: null },
        { role: 'admin', permissions: narrowed },
      ],
      [
        { role: 'admin', permissions: narrowed },
        { role: 'admin', permissions: null },
      ],
      [
        { role: 'admin', permissions: null },
        { role: 'player', permissions: null },
      ],
    ]);
  });

  it('refuse a set for anyone but an admin, an unknown permission and an admin left with none', async () => {
    const helper = await createAccount(shop.app, shop.config);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ role: 'moderator', permissions: ['chats'] }, ROLE_MESSAGES.permissionsOnlyForAdmin],
      [{ role: 'admin', permissions: [] }, ROLE_MESSAGES.noPermissions],
      [{ role: 'admin', permissions: ['everything'] }, 'Неизвестное разрешение'],
      [{ role: 'superuser' }, 'Роль: owner, admin, moderator или player'],
    ];
    for (const [payload, message] of cases) {
      const reply = await setRole(owner, helper.id, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().message).toMatch(/[А-Яа-я]/);
      if (message) expect(reply.json().message).toContain(message);
    }
    expect(await profile(helper)).toMatchObject({ role: 'player', permissions: [] });
    expect(await roleJournal(helper.id)).toEqual([]);
  });

  it('below the owner, move players and moderators only, and never one’s own role', async () => {
    const helper = await createAccount(shop.app, shop.config);
    expect((await setRole(admin, helper.id, { role: 'moderator' })).statusCode).toBe(200);
    expect((await setRole(admin, helper.id, { role: 'player' })).statusCode).toBe(200);
    for (const role of ['admin', 'owner']) {
      const reply = await setRole(admin, helper.id, { role });
      expect(reply.statusCode).toBe(403);
      expect(reply.json().message).toBe(ROLE_MESSAGES.onlyOwnerGrants);
    }
    const otherAdmin = await createAccount(shop.app, shop.config, 'admin');
    expect((await setRole(admin, otherAdmin.id, { role: 'player' })).statusCode).toBe(403);
    expect((await setRole(admin, admin.id, { role: 'moderator' })).json().message).toBe(
      ROLE_MESSAGES.selfRole,
    );
    expect((await setRole(owner, owner.id, { role: 'admin' })).statusCode).toBe(400);
    // A moderator holds no `roles`.
    const byModerator = await setRole(moderator, helper.id, { role: 'moderator' });
    expect(byModerator.statusCode).toBe(403);
    expect(byModerator.json().message).toContain('Назначение модераторов');
    expect((await profile(helper)).role).toBe('player');
    expect((await profile(otherAdmin)).role).toBe('admin');
  });

  it('make owners whom nobody below an owner touches, and leave the setting’s owners to the setting', async () => {
    const partner = await createAccount(shop.app, shop.config);
    expect((await setRole(owner, partner.id, { role: 'owner' })).json()).toMatchObject({
      role: 'owner',
      isOwner: true,
    });
    const signOut = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/users/${partner.id}/logout-everywhere`,
      headers: admin.headers,
    });
    expect(signOut.statusCode).toBe(403);
    expect(signOut.json().message).toBe(ADMIN_MESSAGES.ownerProtected);
    expect((await setRole(admin, partner.id, { role: 'player' })).statusCode).toBe(403);
    // One owner acts on another made by hand; the setting's owners change only with the setting.
    expect((await setRole(partner, owner.id, { role: 'admin' })).json().message).toBe(
      ROLE_MESSAGES.ownerBySetting,
    );
    expect((await setRole(owner, partner.id, { role: 'moderator' })).statusCode).toBe(200);
    expect((await profile(partner)).permissions).toEqual(['chats', 'moderation', 'orders.view']);
  });

  it('leave an address no route has to the usual 404, for staff and owners alike', async () => {
    for (const who of [moderator, owner]) {
      expect((await get(who, '/api/admin/no-such-page')).statusCode).toBe(404);
    }
  });

  it('list the staff alone with staff=1, for the role editor', async () => {
    await createAccount(shop.app, shop.config);
    const reply = await get(owner, '/api/admin/users?staff=1&pageSize=100');
    expect(reply.statusCode).toBe(200);
    const listed = reply.json<{ users: Array<{ id: number; role: string }> }>().users;
    expect(listed.map((user) => user.id)).toEqual(
      expect.arrayContaining([owner.id, admin.id, moderator.id]),
    );
    expect(listed.filter((user) => user.role === 'player')).toEqual([]);
    const wrong = await get(owner, '/api/admin/users?staff=maybe');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/[А-Яа-я]/);
  });

  it('answer GET /api/admin/roles with each role’s set', async () => {
    const reply = await get(admin, '/api/admin/roles');
    expect(reply.json().roles.moderator).toEqual(['chats', 'moderation', 'orders.view']);
    expect(reply.json().roles.admin).toHaveLength(11);
    expect(reply.json().roles.owner).toHaveLength(12);
  });

  it('journal each export, which holds e-mails, and refuse it to an admin without export', async () => {
    const noExport = await createAccount(shop.app, shop.config, 'admin', undefined, ['money']);
    expect((await get(noExport, '/api/admin/export')).statusCode).toBe(403);
    const reply = await get(admin, '/api/admin/export');
    expect(reply.statusCode).toBe(200);
    const [row] = await queryRows<{ actor_id: string; after: string }>(
      shop.database.db,
      sql`select actor_id, after from audit_log where action = 'data.export'`,
    );
    expect(Number(row!.actor_id)).toBe(admin.id);
    expect(JSON.parse(row!.after).personalData).toEqual(['payments.csv: email']);
  });
});
