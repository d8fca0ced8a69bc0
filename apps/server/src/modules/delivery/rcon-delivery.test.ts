import { DEFAULT_GROUPS, type RustSimHandle } from '@shop/rust-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  fund,
  seenOnline,
  startGameShop,
  type GameShop,
} from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import type { TestApp } from '../../test-support/test-app';
import { waitUntil } from '../../test-support/wait-until';

const BANDIT = '76561198000000002';

let world: GameShop;
let game: RustSimHandle;
let shop: TestApp;
let admin: Awaited<ReturnType<typeof createAccount>>;
let serverId: number;

beforeAll(async () => {
  world = await startGameShop({
    // The groups the command templates below join exist on this server (as a kit plugin makes them).
    sim: { players: [], groups: [...DEFAULT_GROUPS, 'kit_start', 'kit_x2'] },
    app: {
      gameServers: {
        monitorIntervalMs: false,
        rcon: { commandTimeoutMs: 1_000, backoff: { initialMs: 50, maxMs: 200, jitter: 0 } },
      },
    },
  });
  ({ game, shop, admin, serverId } = world);
});
afterAll(() => world?.close());

/** A signed-in player with the Steam id the game knows them by (signing in again reuses the account). */
async function playerInGame(steamId: string, online: boolean) {
  const player = await createAccount(shop.app, shop.config, 'player', steamId);
  if (online && !game.players().some((p) => p.steamId === steamId)) {
    game.addPlayer({ steamId, name: 'Bandit_Kolya' });
  }
  await fund(shop, player.id, 10_000);
  return player;
}

const buy = (headers: { authorization: string }, productId: number, quantity: number) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers,
    payload: { productId, serverId, quantity },
  });

async function jobOf(orderId: string) {
  const [job] = await queryRows<{
    status: string;
    progress: number;
    last_error: string | null;
    id: string;
  }>(
    shop.app.db,
    sql`select id, status, progress, last_error from delivery_jobs where order_id = ${orderId}`,
  );
  return job;
}

/** The job's retry time has come (instead of waiting out its back-off in the test). */
const makeDue = (orderId: string) =>
  shop.app.db.execute(
    sql`update delivery_jobs set next_attempt_at = now() where order_id = ${orderId}`,
  );

const givesTo = (steamId: string, shortname: string) =>
  game.commands.filter(
    (record) =>
      record.name === 'inventory.giveto' &&
      record.args[0] === steamId &&
      record.args[1] === shortname,
  );

describe('RCON delivery', () => {
  it('gives two stacks to the player with the right Steam id, shortname and amount, then completes the order', async () => {
    const player = await playerInGame(BANDIT, true);
    const ammo = await addProduct(shop, admin.headers, {
      name: 'Патроны',
      gameItemName: 'ammo.rifle',
      quantity: 128,
      price: 39,
    });
    const { orderId } = (await buy(player.headers, ammo, 256)).json();
    await shop.app.delivery.worker.kick();
    await waitUntil(async () => (await jobOf(orderId))?.status === 'delivered', {
      what: 'delivered',
    });
    const gives = givesTo(BANDIT, 'ammo.rifle');
    expect(gives.map((record) => record.message)).toEqual([
      `inventory.giveto ${BANDIT} "ammo.rifle" 128`,
      `inventory.giveto ${BANDIT} "ammo.rifle" 128`,
    ]);
    expect(game.gifts(BANDIT).filter((gift) => gift.shortname === 'ammo.rifle')).toHaveLength(2);
    const [order] = (await shop.app.inject({ url: '/api/orders', headers: player.headers })).json();
    expect(order).toMatchObject({
      status: 'completed',
      isDelivered: true,
      delivery: { status: 'delivered', reason: null },
    });
  });

  it('runs the product’s command templates with the player, quantity and stacks filled in, reading back each group', async () => {
    const player = await playerInGame(BANDIT, true);
    const kit = await addProduct(shop, admin.headers, {
      name: 'Набор',
      category: 'kits',
      gameItemName: 'kit',
      quantity: 5,
      commands:
        'oxide.usergroup add {playerId} kit_start, inventory.giveto {playerId} wood {quantity}, oxide.usergroup add {playerId} kit_x{stacks}',
    });
    const before = game.commands.length;
    // Ten items in stacks of five: quantity 10, stacks 2, so a swapped placeholder shows.
    const { orderId } = (await buy(player.headers, kit, 10)).json();
    await shop.app.delivery.worker.kick();
    await waitUntil(async () => (await jobOf(orderId))?.status === 'delivered', {
      what: 'job delivered',
    });
    const sent = game.commands.slice(before).map((record) => record.message);
    // A group change counts once the player's groups, read back, hold it.
    expect(sent).toEqual([
      `oxide.usergroup add ${BANDIT} kit_start`,
      `oxide.show user ${BANDIT}`,
      `inventory.giveto ${BANDIT} wood 10`,
      `oxide.usergroup add ${BANDIT} kit_x2`,
      `oxide.show user ${BANDIT}`,
    ]);
    expect(game.groups.get('kit_x2')?.has(BANDIT)).toBe(true);
    expect(game.gifts(BANDIT).filter((gift) => gift.shortname === 'wood')).toContainEqual(
      expect.objectContaining({ amount: 10 }),
    );
    const [order] = (await shop.app.inject({ url: '/api/orders', headers: player.headers })).json();
    expect(order).toMatchObject({ id: orderId, status: 'completed', isDelivered: true });
  });

  it('waits for an offline player and delivers once they are back', async () => {
    const steamId = '76561198000000044';
    const player = await playerInGame(steamId, false);
    const wood = await addProduct(shop, admin.headers, {
      name: 'Дерево',
      gameItemName: 'wood',
      quantity: 1000,
    });
    const { orderId } = (await buy(player.headers, wood, 1000)).json();
    await shop.app.delivery.worker.kick();
    await waitUntil(
      async () =>
        (await jobOf(orderId))?.status === 'pending' && (await jobOf(orderId))?.last_error !== null,
      { what: 'postponed' },
    );
    expect((await jobOf(orderId))?.last_error).toBe('Игрок не в сети: выдача при следующем входе');
    const [order] = (await shop.app.inject({ url: '/api/orders', headers: player.headers })).json();
    expect(order.delivery).toMatchObject({
      status: 'pending',
      reason: 'Игрок не в сети: выдача при следующем входе',
    });

    game.addPlayer({ steamId, name: 'Comeback' });
    await makeDue(orderId);
    await shop.app.delivery.worker.kick();
    await waitUntil(async () => (await jobOf(orderId))?.status === 'delivered', {
      what: 'delivered',
    });
    expect(game.gifts(steamId)).toHaveLength(1);
  });

  it('waits while the game server is down and delivers exactly once when it returns', async () => {
    const steamId = '76561198000000055';
    const player = await playerInGame(steamId, false);
    const scrap = await addProduct(shop, admin.headers, {
      name: 'Металлолом',
      gameItemName: 'scrap',
      quantity: 500,
    });
    // Bought while the server was up; it goes down before the delivery can happen.
    const bought = await buy(player.headers, scrap, 1000);
    const { orderId } = bought.json();
    await shop.app.delivery.worker.kick();
    await game.stop();
    // The shop has noticed the outage (a give sent into a link that is dying would be "unknown").
    await waitUntil(() => shop.app.servers.pool.peek(serverId)?.isOnline === false, {
      what: 'link down',
    });
    game.addPlayer({ steamId, name: 'Back' });
    await waitUntil(
      async () => {
        await makeDue(orderId);
        await shop.app.delivery.worker.kick();
        const job = await jobOf(orderId);
        return job?.last_error === 'Сервер недоступен по RCON: выдача повторится позже';
      },
      { what: 'waiting for the server' },
    );
    expect(game.gifts(steamId)).toHaveLength(0);

    await game.start();
    await waitUntil(
      async () => {
        await makeDue(orderId);
        await shop.app.delivery.worker.kick();
        return (await jobOf(orderId))?.status === 'delivered';
      },
      { what: 'delivered after the server returned' },
    );
    await makeDue(orderId);
    await shop.app.delivery.worker.kick();
    expect(game.gifts(steamId).map((gift) => gift.amount)).toEqual([500, 500]);
    // Buyers can pick the server again once the shop has seen it back.
    await seenOnline(shop, serverId);
  });

  it('fails, for an admin to decide, when the game never confirms a give, and does not repeat it', async () => {
    const player = await playerInGame(BANDIT, true);
    const c4 = await addProduct(shop, admin.headers, {
      name: 'C4',
      gameItemName: 'explosive.timed',
      quantity: 1,
    });
    game.setSilent('inventory.giveto');
    const { orderId } = (await buy(player.headers, c4, 1)).json();
    await shop.app.delivery.worker.kick();
    await waitUntil(async () => (await jobOf(orderId))?.status === 'failed', { what: 'failed' });
    game.setSilent('inventory.giveto', false);
    await shop.app.delivery.worker.kick();
    expect(givesTo(BANDIT, 'explosive.timed')).toHaveLength(1);
    expect((await jobOf(orderId))?.last_error).toContain('проверьте инвентарь игрока');

    const job = await jobOf(orderId);
    const retry = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/deliveries/${job?.id}/retry`,
      headers: admin.headers,
    });
    expect(retry.json()).toEqual({ success: true });
    await waitUntil(async () => (await jobOf(orderId))?.status === 'delivered', {
      what: 'delivered after retry',
    });
  });
});
