import { ADMIN_MESSAGES } from '@shop/shared';
import type { RustSimHandle } from '@shop/rust-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { next, socketClients } from '../../test-support/socket-clients';
import { queryRows } from '../../test-support/sql';
import type { TestApp } from '../../test-support/test-app';
import { waitUntil } from '../../test-support/wait-until';
import { ledgerSum } from '../ledger/ledger';
import { expireVips } from '../vip/vip-expiry';

let world: GameShop;
let shop: TestApp;
let game: RustSimHandle;
let admin: GameShop['admin'];
let serverId: number;
let url: string;
const clients = socketClients();

beforeAll(async () => {
  world = await startGameShop();
  ({ shop, game, admin, serverId } = world);
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(shop.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  clients.closeAll();
  await world?.close();
});

const edit = (userId: number, payload: Record<string, unknown>, headers = admin.headers) =>
  shop.app.inject({ method: 'PUT', url: `/api/admin/users/${userId}`, headers, payload });
const adjustments = (userId: number) =>
  queryRows<{ amount_kopecks: string; description: string }>(
    shop.app.db,
    sql`select amount_kopecks::text, description from transactions
        where user_id = ${userId} and kind = 'adjustment' order by id`,
  );
const balanceOf = async (userId: number) =>
  Number(
    (
      await queryRows<{ balance_kopecks: string }>(
        shop.app.db,
        sql`select balance_kopecks from users where id = ${userId}`,
      )
    )[0]!.balance_kopecks,
  );

describe('admin user list', () => {
  it('finds players by the start of the Steam ID or part of the name, 20 a page, newest first', async () => {
    const steamId = '76561198777000001';
    const found = await createAccount(shop.app, shop.config, 'player', steamId);
    for (let i = 0; i < 21; i += 1) await createAccount(shop.app, shop.config);
    const bySteam = await shop.app.inject({
      url: '/api/admin/users?query=765611987770',
      headers: admin.headers,
    });
    expect(bySteam.json()).toMatchObject({ total: 1, users: [{ id: found.id, steamId }] });

    const page1 = (
      await shop.app.inject({ url: '/api/admin/users', headers: admin.headers })
    ).json();
    expect(page1.users).toHaveLength(20);
    expect(page1.total).toBeGreaterThanOrEqual(23);
    const ids = page1.users.map((user: { id: number }) => user.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const page2 = (
      await shop.app.inject({ url: '/api/admin/users?page=2', headers: admin.headers })
    ).json();
    expect(page2.users[0].id).toBeLessThan(ids.at(-1));

    const byName = (
      await shop.app.inject({ url: '/api/admin/users?query=admin', headers: admin.headers })
    ).json();
    expect(byName.users.map((user: { id: number }) => user.id)).toContain(admin.id);
    const wildcard = await shop.app.inject({
      url: '/api/admin/users?query=%25',
      headers: admin.headers,
    });
    expect(wildcard.json().total).toBe(0);
    const nul = await shop.app.inject({
      url: '/api/admin/users?query=a%00b',
      headers: admin.headers,
    });
    expect(nul.statusCode).toBe(400);
  });

  it('shows a VIP badge only while the VIP runs', async () => {
    const player = await createAccount(shop.app, shop.config);
    await shop.app.db.execute(sql`update users set vip_status = 'Gold',
      vip_expires_at = now() - interval '1 minute' where id = ${player.id}`);
    const list = await shop.app.inject({
      url: `/api/admin/users?query=${player.steamId}`,
      headers: admin.headers,
    });
    expect(list.json().users[0]).toMatchObject({ vipStatus: 'no VIP', vipExpiresAt: null });
  });
});

describe('admin balance edit', () => {
  it('writes one adjustment with the reason, keeps the ledger equal to the balance, and tells the player live', async () => {
    const player = await createAccount(shop.app, shop.config);
    await fund(shop, player.id, 100);
    const socket = await clients.joined(url, player);
    const update = next(socket, 'balanceUpdate');

    const reply = await edit(player.id, { balance: 250.5, reason: 'Компенсация по тикету' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().balance).toBe(250.5);
    expect(await update).toEqual({ balance: 250.5 });
    const rows = await adjustments(player.id);
    expect(rows.slice(1)).toEqual([
      {
        amount_kopecks: '15050',
        description: 'Корректировка администратором: Компенсация по тикету',
      },
    ]);
    expect(await ledgerSum(shop.app.db, player.id)).toBe(await balanceOf(player.id));

    const stats = (
      await shop.app.inject({ url: '/api/admin/stats', headers: admin.headers })
    ).json();
    expect(stats.onlineUsers).toBe(1);
  });

  it('refuses bad values with the catalogue messages and changes nothing', async () => {
    const player = await createAccount(shop.app, shop.config);
    await fund(shop, player.id, 10);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ balance: -1, reason: 'x' }, ADMIN_MESSAGES.balanceNegative],
      [{ balance: 'много', reason: 'x' }, ADMIN_MESSAGES.balanceNotNumber],
      [{ balance: 1.005, reason: 'x' }, ADMIN_MESSAGES.balanceKopecks],
      [{ balance: 20 }, ADMIN_MESSAGES.reasonRequired],
      [{ balance: 20, reason: '   ' }, ADMIN_MESSAGES.reasonRequired],
      [
        { vipStatus: 'Legend', vipExpiresAt: future, vipServerId: serverId },
        ADMIN_MESSAGES.unknownVipTier,
      ],
      [
        { vipStatus: 'Gold', vipExpiresAt: '2020-01-01T00:00:00Z', vipServerId: serverId },
        ADMIN_MESSAGES.vipExpiryPast,
      ],
      [{ vipStatus: 'Gold', vipServerId: serverId }, ADMIN_MESSAGES.vipExpiryRequired],
      [{ vipStatus: 'Gold', vipExpiresAt: future }, ADMIN_MESSAGES.vipServerRequired],
    ];
    for (const [payload, message] of cases) {
      const reply = await edit(player.id, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().message).toBe(message);
    }
    expect(await balanceOf(player.id)).toBe(1000);
    expect(await adjustments(player.id)).toHaveLength(1);
  });

  it('applies a balance change once when the admin panel repeats it with the same Idempotency-Key', async () => {
    const player = await createAccount(shop.app, shop.config);
    const headers = { ...admin.headers, 'idempotency-key': 'balance-edit-0001-abcdef' };
    const payload = { balance: 40, previousBalance: 0, reason: 'Приз конкурса' };
    const first = await edit(player.id, payload, headers);
    const again = await edit(player.id, payload, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await adjustments(player.id)).toHaveLength(1);
    expect(await balanceOf(player.id)).toBe(4000);
  });

  it('never loses a purchase made while the admin edits: the change applies as a difference', async () => {
    const player = await createAccount(shop.app, shop.config);
    await fund(shop, player.id, 100);
    const productId = await addProduct(shop, admin.headers, { name: 'Дерево', price: 30 });
    const [purchase, change] = await Promise.all([
      shop.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: player.headers,
        payload: { productId, serverId, quantity: 1 },
      }),
      edit(player.id, { balance: 150, previousBalance: 100, reason: 'Бонус за ивент' }),
    ]);
    expect(purchase.statusCode, purchase.body).toBe(200);
    expect(change.statusCode, change.body).toBe(200);
    expect(await balanceOf(player.id)).toBe((100 - 30 + 50) * 100);
    expect(await ledgerSum(shop.app.db, player.id)).toBe(12_000);
  });
});

describe('admin purchases dialog', () => {
  it('pages a player’s purchases 20 at a time, newest first, with the total bought and count', async () => {
    const player = await createAccount(shop.app, shop.config);
    await fund(shop, player.id, 1000);
    const productId = await addProduct(shop, admin.headers, { name: 'Камень', price: 15 });
    for (let i = 0; i < 21; i += 1) {
      const bought = await shop.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: player.headers,
        payload: { productId, serverId, quantity: 1 },
      });
      expect(bought.statusCode, bought.body).toBe(200);
    }
    const page = async (n: number) =>
      (
        await shop.app.inject({
          url: `/api/admin/users/${player.id}/purchases?page=${n}`,
          headers: admin.headers,
        })
      ).json();
    const first = await page(1);
    expect(first).toMatchObject({ totalBought: 315, totalPurchasesCount: 21, pageSize: 20 });
    expect(first.purchases).toHaveLength(20);
    expect(first.purchases[0]).toMatchObject({ productName: 'Камень', quantity: 1, price: 15 });
    const second = await page(2);
    expect(second.purchases).toHaveLength(1);
    expect(new Date(second.purchases[0].date).getTime()).toBeLessThanOrEqual(
      new Date(first.purchases[19].date).getTime(),
    );
  });
});

describe('admin rights and VIP by hand', () => {
  it('lets an owner promote a player, an admin not, and nobody remove their own admin flag', async () => {
    const self = await edit(admin.id, { isAdmin: false });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(ADMIN_MESSAGES.selfDemotion);

    const player = await createAccount(shop.app, shop.config);
    const before = await shop.app.inject({ url: '/api/admin/stats', headers: player.headers });
    expect(before.statusCode).toBe(403);
    const byAdmin = await edit(player.id, { isAdmin: true });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(ADMIN_MESSAGES.onlyOwnerSetsAdmins);
    const owner = await createAccount(shop.app, shop.config, 'owner');
    expect((await edit(player.id, { isAdmin: true }, owner.headers)).json().isAdmin).toBe(true);
    const after = await shop.app.inject({ url: '/api/admin/stats', headers: player.headers });
    expect(after.statusCode).toBe(200);
  });

  it('applies the tier’s in-game group on the chosen server, and expiry takes it away', async () => {
    const steamId = '76561198555000002';
    const player = await createAccount(shop.app, shop.config, 'player', steamId);
    const expires = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const reply = await edit(player.id, {
      vipStatus: 'Gold',
      vipExpiresAt: expires,
      vipServerId: serverId,
      reason: 'Победитель турнира',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ vipStatus: 'Gold', vipExpiresAt: expires });
    await shop.app.delivery.worker.kick();
    await waitUntil(() => game.groups.get('vip_gold')?.has(steamId) ?? false, { what: 'grant' });

    await shop.app.db.execute(
      sql`update vip_periods set ends_at = now() - interval '1 second'
          where user_id = ${player.id} and state = 'running'`,
    );
    expect(await expireVips(shop.app)).toBeGreaterThanOrEqual(1);
    await shop.app.delivery.worker.kick();
    await waitUntil(() => !(game.groups.get('vip_gold')?.has(steamId) ?? false), {
      what: 'revoke',
    });
    const sent = game.commands.map((command) => command.message);
    expect(sent).toContain(`oxide.usergroup add ${steamId} vip_gold`);
    expect(sent).toContain(`oxide.usergroup remove ${steamId} vip_gold`);
  });
});
