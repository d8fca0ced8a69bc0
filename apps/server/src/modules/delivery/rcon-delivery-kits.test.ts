import type { RustSimHandle, SimSlot } from '@shop/rust-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import type { TestApp } from '../../test-support/test-app';
import { loadShippedItemTable } from '../catalog/shipped-items';
import { DELIVERY_REASONS } from './rcon-delivery-worker';

const BANDIT = '76561198000000002';
const STONES: SimSlot = { shortname: 'stones', amount: 1000 };

let world: GameShop;
let game: RustSimHandle;
let shop: TestApp;
let admin: Awaited<ReturnType<typeof createAccount>>;
let player: Awaited<ReturnType<typeof createAccount>>;
let serverId: number;

beforeAll(async () => {
  world = await startGameShop({
    // Four slots, two of them taken by stones: room for two more stacks.
    sim: {
      players: [
        { steamId: BANDIT, name: 'Bandit_Kolya', inventorySlots: 4, inventory: [STONES, STONES] },
      ],
    },
    app: { gameServers: { monitorIntervalMs: false } },
  });
  ({ game, shop, admin, serverId } = world);
  // A kit's lines name items of the shop's item table.
  await loadShippedItemTable(shop.app.db);
  player = await createAccount(shop.app, shop.config, 'player', BANDIT);
  await fund(shop, player.id, 10_000);
});
afterAll(() => world?.close());

async function buy(productId: number, quantity: number) {
  const reply = await shop.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: player.headers,
    payload: { productId, serverId, quantity },
  });
  return reply.json<{ orderId: string }>().orderId;
}

async function jobOf(orderId: string) {
  const [job] = await queryRows<{
    status: string;
    progress: number;
    in_flight: number | null;
    last_error: string | null;
  }>(
    shop.app.db,
    sql`select status, progress, in_flight, last_error from delivery_jobs where order_id = ${orderId}`,
  );
  return job;
}

/** One more attempt at the job, now: the worker's drain has ended when the kick resolves. */
async function attempt(orderId: string) {
  await shop.app.db.execute(
    sql`update delivery_jobs set next_attempt_at = now() where order_id = ${orderId}`,
  );
  await shop.app.delivery.worker.kick();
  return (await jobOf(orderId))!;
}

const orderShown = async (orderId: string) =>
  (await shop.app.inject({ url: '/api/orders', headers: player.headers }))
    .json<Array<{ id: string; isDelivered: boolean; delivery: { status: string } }>>()
    .find((order) => order.id === orderId);

/** Items by shortname, summed over slots. */
const counted = (slots: SimSlot[]) =>
  slots.reduce<Record<string, number>>(
    (sum, slot) => ({ ...sum, [slot.shortname]: (sum[slot.shortname] ?? 0) + slot.amount }),
    {},
  );

describe('RCON delivery into a full inventory', () => {
  it('waits, giving nothing, when a stack does not fit, and gives it once there is room', async () => {
    game.setFreeSlots(BANDIT, 0);
    const wood = await addProduct(shop, admin.headers, {
      name: 'Дерево',
      gameItemName: 'wood',
      quantity: 1000,
    });
    const orderId = await buy(wood, 1000);
    expect(await attempt(orderId)).toMatchObject({
      status: 'pending',
      progress: 0,
      in_flight: null,
      last_error: DELIVERY_REASONS.inventoryFull,
    });
    expect(game.gifts(BANDIT)).toEqual([]);
    expect(game.inventory(BANDIT)).toEqual([STONES, STONES]);

    game.setFreeSlots(BANDIT, 1);
    expect(await attempt(orderId)).toMatchObject({ status: 'delivered', progress: 1 });
    expect(counted(game.inventory(BANDIT))).toEqual({ stones: 2000, wood: 1000 });
    game.dropItems(BANDIT, 'wood');
  });

  it('gives a kit piece by piece, waits for room with what was confirmed, and ends with exactly the kit', async () => {
    game.setFreeSlots(BANDIT, 2);
    // One rifle, 256 rounds (two stacks of 128) and three bandages (one stack): four pieces.
    const kit = await addProduct(shop, admin.headers, {
      name: 'Набор «Рейдер»',
      gameItemName: undefined,
      category: 'kits',
      price: 199,
      kitItems: [
        { gameItemName: 'rifle.ak', amount: 1 },
        { gameItemName: 'ammo.rifle', amount: 256 },
        { gameItemName: 'bandage', amount: 3 },
      ],
    });
    const earlier = game.gifts(BANDIT).length;
    const kitGifts = () => counted(game.gifts(BANDIT).slice(earlier));
    const orderId = await buy(kit, 1);

    // Pieces: the rifle, 128 rounds, 128 rounds, the bandages. Two fit; the third does not.
    expect(await attempt(orderId)).toMatchObject({
      status: 'pending',
      progress: 2,
      in_flight: null,
      last_error:
        'Ждёт места в инвентаре: выдано 2 из 4 частей набора, остальное — когда освободится место',
    });
    expect(kitGifts()).toEqual({ 'rifle.ak': 1, 'ammo.rifle': 128 });
    expect(await orderShown(orderId)).toMatchObject({
      isDelivered: false,
      delivery: { status: 'pending' },
    });

    // Still full: another attempt gives nothing and keeps the progress.
    expect(await attempt(orderId)).toMatchObject({ status: 'pending', progress: 2 });
    expect(kitGifts()).toEqual({ 'rifle.ak': 1, 'ammo.rifle': 128 });

    // The player drops the stones: the rest of the kit follows, and nothing is given twice.
    game.dropItems(BANDIT, 'stones');
    expect(await attempt(orderId)).toMatchObject({ status: 'delivered', progress: 4 });
    const kitCount = { 'rifle.ak': 1, 'ammo.rifle': 256, bandage: 3 };
    expect(counted(game.inventory(BANDIT))).toEqual(kitCount);
    expect(kitGifts()).toEqual(kitCount);
    expect(await orderShown(orderId)).toMatchObject({ isDelivered: true });
  });
});
