import { KIT_MAX_QUANTITY } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryPayload } from '../../db/schema/index';
import { buy, orderOf } from '../../test-support/purchase-rows';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import { waitUntil } from '../../test-support/wait-until';
import { loadShippedItemTable } from '../catalog/shipped-items';
import { jobAmount } from '../delivery/plugin-jobs-repository';

/** In the game, with two free slots: a kit's third stack does not fit. */
const TIGHT = '76561198000000311';
/** Never joins: what is bought for them waits. */
const AWAY = '76561198000000312';

let world: GameShop;
let kitId: number;

const BUILDER = [
  { gameItemName: 'wood', amount: 5000 },
  { gameItemName: 'stones', amount: 5000 },
  { gameItemName: 'metal.fragments', amount: 1000 },
  { gameItemName: 'rifle.ak', amount: 1 },
];

beforeAll(async () => {
  world = await startGameShop({
    sim: { players: [{ steamId: TIGHT, name: 'Tight', resident: true, freeSlots: 2 }] },
  });
  await loadShippedItemTable(world.shop.app.db);
  kitId = await addProduct(world.shop, world.admin.headers, {
    name: 'Набор строителя',
    gameItemName: undefined,
    category: 'kits',
    price: 249,
    kitItems: BUILDER,
  });
});
afterAll(() => world?.close());

async function player(steamId: string) {
  const account = await createAccount(world.shop.app, world.shop.config, 'player', steamId);
  await fund(world.shop, account.id, 2000);
  return account;
}

const jobsOf = (orderId: string) =>
  queryRows<{
    id: string;
    status: string;
    progress: number;
    payload: DeliveryPayload;
    amount: number;
    saved_progress: number;
  }>(
    world.shop.app.db,
    sql`select id, status, progress, payload, delivery_job_amount(payload) as amount,
          delivery_job_progress(payload, 7) as saved_progress
        from delivery_jobs where order_id = ${orderId}`,
  );
const balance = async (headers: { authorization: string }) =>
  (await world.shop.app.inject({ url: '/api/auth/profile', headers })).json().balance as number;
const refund = (orderId: string) =>
  world.shop.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refund`,
    headers: world.admin.headers,
  });

describe('buying a kit', () => {
  it('makes ONE job of its lines times the kits bought, named, with their stack limits', async () => {
    const away = await player(AWAY);
    const orderId = await orderOf(world.shop.app, away.headers, {
      productId: kitId,
      serverId: world.serverId,
      quantity: 2,
    });
    const jobs = await jobsOf(orderId);
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    expect(job!.payload).toEqual({
      kind: 'kit',
      itemName: 'Набор строителя',
      items: [
        { shortname: 'wood', name: 'Дерево', amount: 10_000, stackLimit: 1000 },
        { shortname: 'stones', name: 'Камни', amount: 10_000, stackLimit: 1000 },
        { shortname: 'metal.fragments', name: 'Фрагменты металла', amount: 2000, stackLimit: 1000 },
        // Not in the vanilla table of stacking items: one a give, as the game stacks a rifle.
        { shortname: 'rifle.ak', name: 'Штурмовая Винтовка', amount: 2, stackLimit: 1 },
      ],
    });
    // The SQL size of a kit job is the TypeScript one: every item of every line; progress is units.
    expect(job!.amount).toBe(22_002);
    expect(job!.amount).toBe(jobAmount(job!.payload));
    expect(job!.saved_progress).toBe(7);
    const [item] = await queryRows<{ quantity: number; stacks: number; total: number }>(
      world.shop.app.db,
      sql`select quantity, stacks, total_kopecks::int as total from order_items where order_id = ${orderId}`,
    );
    expect(item).toEqual({ quantity: 2, stacks: 2, total: 49_800 });
  });

  it('refunds a kit in full while nothing of it was given', async () => {
    const away = await player(AWAY);
    const before = await balance(away.headers);
    const orderId = await orderOf(world.shop.app, away.headers, {
      productId: kitId,
      serverId: world.serverId,
      quantity: 1,
    });
    // The player is not in the game: the worker's first give finds nobody and puts it off.
    await world.shop.app.delivery.worker.kick();
    const reply = await refund(orderId);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().refunded).toBe(249);
    expect(await balance(away.headers)).toBe(before);
    expect((await jobsOf(orderId))[0]!.status).toBe('cancelled');
  });

  it('refuses to refund a kit once part of it was given', async () => {
    const tight = await player(TIGHT);
    const orderId = await orderOf(world.shop.app, tight.headers, {
      productId: kitId,
      serverId: world.serverId,
      quantity: 1,
    });
    await world.shop.app.delivery.worker.kick();
    // Two stacks of wood fit, the third does not: the job waits for room, two pieces given.
    await waitUntil(async () => (await jobsOf(orderId))[0]!.progress === 2, {
      what: 'two pieces given',
    });
    await waitUntil(async () => (await jobsOf(orderId))[0]!.status === 'pending', {
      what: 'put off for room',
    });
    expect(world.game.gifts(TIGHT).map((gift) => [gift.shortname, gift.amount])).toEqual([
      ['wood', 1000],
      ['wood', 1000],
    ]);
    const paid = await balance(tight.headers);
    const reply = await refund(orderId);
    expect(reply.statusCode).toBe(409);
    expect(await balance(tight.headers)).toBe(paid);
    expect((await jobsOf(orderId))[0]!.status).toBe('pending');
  });

  it('sells at most KIT_MAX_QUANTITY kits at once, and a kit from the cart is one job too', async () => {
    const away = await player(AWAY);
    const tooMany = await buy(world.shop.app, away.headers, {
      productId: kitId,
      serverId: world.serverId,
      quantity: KIT_MAX_QUANTITY + 1,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(
      `Наборов за одну покупку — не больше ${KIT_MAX_QUANTITY} (Набор строителя)`,
    );

    const added = await world.shop.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: away.headers,
      payload: { productId: kitId, quantity: 3 },
    });
    expect(added.statusCode, added.body).toBe(200);
    const bought = await world.shop.app.inject({
      method: 'POST',
      url: '/api/cart/purchase',
      headers: away.headers,
      payload: { serverId: world.serverId },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const jobs = await jobsOf(bought.json().orderId);
    expect(jobs).toHaveLength(1);
    const payload = jobs[0]!.payload;
    expect(payload.kind === 'kit' && payload.items.map((line) => line.amount)).toEqual([
      15_000, 15_000, 3000, 3,
    ]);
  });
});
