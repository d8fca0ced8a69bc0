import type { RustSimHandle } from '@shop/rust-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import type { TestApp } from '../../test-support/test-app';
import { waitUntil } from '../../test-support/wait-until';

const BANDIT = '76561198000000002';

let world: GameShop;
let game: RustSimHandle;
let shop: TestApp;
let admin: Awaited<ReturnType<typeof createAccount>>;
let player: Awaited<ReturnType<typeof createAccount>>;
let serverId: number;

beforeAll(async () => {
  world = await startGameShop({
    // A server whose owner has not made the VIP groups yet: only Oxide's own two exist.
    sim: { players: [{ steamId: BANDIT, name: 'Bandit_Kolya' }], groups: ['default', 'admin'] },
    app: { gameServers: { monitorIntervalMs: false, rcon: { commandTimeoutMs: 1_000 } } },
  });
  ({ game, shop, admin, serverId } = world);
  player = await createAccount(shop.app, shop.config, 'player', BANDIT);
  await fund(shop, player.id, 10_000);
});
afterAll(() => world?.close());

async function buy(productId: number) {
  const reply = await shop.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: player.headers,
    payload: { productId, serverId, quantity: 1 },
  });
  return reply.json<{ orderId: string }>().orderId;
}

async function jobOf(orderId: string) {
  const [job] = await queryRows<{ id: string; status: string; last_error: string | null }>(
    shop.app.db,
    sql`select id, status, last_error from delivery_jobs where order_id = ${orderId}`,
  );
  return job;
}

async function settled(orderId: string) {
  await shop.app.delivery.worker.kick();
  await waitUntil(
    async () => ['delivered', 'failed'].includes((await jobOf(orderId))?.status ?? ''),
    {
      what: 'delivery settled',
    },
  );
  return (await jobOf(orderId))!;
}

const orderShown = async (orderId: string) =>
  (await shop.app.inject({ url: '/api/orders', headers: player.headers }))
    .json<Array<{ id: string; status: string; isDelivered: boolean }>>()
    .find((order) => order.id === orderId);

const consoleCommand = (command: string) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/admin/rcon/${serverId}`,
    headers: admin.headers,
    payload: { command },
  });

describe('RCON delivery reads what the game answered to a command', () => {
  it('fails a VIP whose group does not exist, naming it, and delivers it once the group is made and the admin retries', async () => {
    const gold = await addProduct(shop, admin.headers, {
      name: 'VIP Gold',
      gameItemName: 'vip',
      category: 'vip',
      price: 299,
      vipTier: 'Gold',
      vipDays: 30,
    });
    const orderId = await buy(gold);
    const job = await settled(orderId);
    // Oxide only logged «Group 'vip_gold' doesn't exist» and replied nothing: not «Выдано».
    expect(job).toMatchObject({
      status: 'failed',
      last_error:
        'Группа vip_gold не существует на сервере: создайте её (oxide.group add vip_gold) и нажмите «Повторить выдачу»',
    });
    expect(game.groups.has('vip_gold')).toBe(false);
    expect(await orderShown(orderId)).toMatchObject({ isDelivered: false });

    // The admin makes the group from the shop's console, then retries the delivery.
    expect((await consoleCommand('oxide.group add vip_gold')).json()).toEqual({
      status: 'ok',
      output: "Group 'vip_gold' created",
    });
    const retry = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/deliveries/${job.id}/retry`,
      headers: admin.headers,
    });
    expect(retry.json()).toEqual({ success: true });
    expect(await settled(orderId)).toMatchObject({ status: 'delivered', last_error: null });
    expect(game.groups.get('vip_gold')?.has(BANDIT)).toBe(true);
    expect(await orderShown(orderId)).toMatchObject({ status: 'completed', isDelivered: true });
  });

  it('never takes silence for success: a command the game does not know fails the job', async () => {
    const kit = await addProduct(shop, admin.headers, {
      name: 'Набор «Старт»',
      category: 'kits',
      gameItemName: 'kit',
      commands: 'kits.give {playerId} start',
    });
    const orderId = await buy(kit);
    const job = await settled(orderId);
    expect(job.status).toBe('failed');
    expect(job.last_error).toBe(
      `Игра не ответила на команду «kits.give ${BANDIT} start»: такой команды, скорее всего, нет на сервере (проверьте плагин и команды товара). Исправьте и нажмите «Повторить выдачу»`,
    );
    expect(game.commands.at(-1)).toMatchObject({ name: 'kits.give', replies: [] });
    expect(await orderShown(orderId)).toMatchObject({ isDelivered: false });
  });

  it('fails a grant of a permission no plugin registered, naming the permission', async () => {
    const perk = await addProduct(shop, admin.headers, {
      name: 'Доступ к китам',
      category: 'vip',
      gameItemName: 'perk',
      commands: 'oxide.grant user {playerId} kits.vip',
    });
    const job = await settled(await buy(perk));
    expect(job).toMatchObject({
      status: 'failed',
      last_error:
        'Права kits.vip нет на сервере: загрузите плагин, который его объявляет, и нажмите «Повторить выдачу»',
    });
  });

  it('grants a registered permission, confirmed by reading the player’s permissions back', async () => {
    const perk = await addProduct(shop, admin.headers, {
      name: 'Мут навсегда',
      category: 'vip',
      gameItemName: 'perk',
      commands: 'oxide.grant user {playerId} betterchatmute.use',
    });
    const before = game.commands.length;
    expect(await settled(await buy(perk))).toMatchObject({ status: 'delivered' });
    expect(game.commands.slice(before).map((record) => record.message)).toEqual([
      `oxide.grant user ${BANDIT} betterchatmute.use`,
      `oxide.show user ${BANDIT}`,
    ]);
  });

  it('fails a command whose answer reports an error', async () => {
    const ban = await addProduct(shop, admin.headers, {
      name: 'Разбан',
      category: 'vip',
      gameItemName: 'unban',
      commands: 'banid 12 "x" "y"',
    });
    const job = await settled(await buy(ban));
    expect(job).toMatchObject({
      status: 'failed',
      last_error:
        'Игра ответила на команду «banid 12 "x" "y"» ошибкой: This doesn\'t appear to be a 64bit steamid: 12',
    });
  });
});
