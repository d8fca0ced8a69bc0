import type { RustSimHandle } from '@shop/rust-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import type { TestApp } from '../../test-support/test-app';
import { waitUntil } from '../../test-support/wait-until';
import { DELIVERY_REASONS } from './rcon-delivery-worker';

const BANDIT = '76561198000000002';

let world: GameShop;
let game: RustSimHandle;
let shop: TestApp;
let serverId: number;
let player: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  world = await startGameShop({
    sim: { players: [{ steamId: BANDIT, name: 'Bandit_Kolya' }] },
    app: { gameServers: { monitorIntervalMs: false } },
  });
  ({ game, shop, serverId } = world);
  player = await createAccount(shop.app, shop.config, 'player', BANDIT);
  await fund(shop, player.id, 10_000);
});
afterAll(() => world?.close());

/** Buys a product and waits until its delivery job has ended, one way or the other. */
async function buyAndSettle(productId: number, quantity: number) {
  const before = game.commands.length;
  const reply = await shop.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: player.headers,
    payload: { productId, serverId, quantity },
  });
  const { orderId } = reply.json<{ orderId: string }>();
  const job = async () =>
    (
      await queryRows<{ status: string; last_error: string | null }>(
        shop.app.db,
        sql`select status, last_error from delivery_jobs where order_id = ${orderId}`,
      )
    )[0];
  await shop.app.delivery.worker.kick();
  await waitUntil(async () => ['delivered', 'failed'].includes((await job())?.status ?? ''), {
    what: 'delivery settled',
  });
  const sent = game.commands.slice(before).filter((record) => record.name === 'inventory.giveto');
  return { job: await job(), sent };
}

describe('RCON delivery of shortnames', () => {
  it('gives an item whose shortname holds a space, sent as one quoted argument', async () => {
    const admin = world.admin.headers;
    const car = await addProduct(shop, admin, {
      name: 'Машина на 2 модуля',
      category: 'miscellaneous',
      gameItemName: '2module car',
    });
    const { job, sent } = await buyAndSettle(car, 1);
    expect(sent.map((record) => record.message)).toEqual([
      `inventory.giveto ${BANDIT} "2module car" 1`,
    ]);
    expect(sent[0]?.args).toEqual([BANDIT, '2module car', '1']);
    expect(job?.status).toBe('delivered');
    expect(game.gifts(BANDIT)).toContainEqual(
      expect.objectContaining({ shortname: '2module car', amount: 1 }),
    );
  });

  it('never reads an amount out of a shortname: "rifle.ak 1000" is one unknown item', async () => {
    const rifle = await addProduct(shop, world.admin.headers, {
      name: 'Калаш',
      category: 'weapons',
      gameItemName: 'rifle.ak 1000',
    });
    const gifts = game.gifts(BANDIT).length;
    const { job, sent } = await buyAndSettle(rifle, 1);
    expect(sent.map((record) => record.args)).toEqual([[BANDIT, 'rifle.ak 1000', '1']]);
    expect(job).toEqual({ status: 'failed', last_error: DELIVERY_REASONS.invalidItem });
    expect(game.gifts(BANDIT)).toHaveLength(gifts);
  });
});
