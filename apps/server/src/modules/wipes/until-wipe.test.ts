import { DEFAULT_GROUPS, type RustSimHandle } from '@shop/rust-sim';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
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
import { createSecondInstance, type TestApp } from '../../test-support/test-app';

let world: GameShop;
let game: RustSimHandle;
let shop: TestApp;
let second: FastifyInstance;
let serverId: number;
let kit: number;
let rental: number;
type Account = Awaited<ReturnType<typeof createAccount>>;
let buyer: Account;
let friend: Account;

beforeAll(async () => {
  world = await startGameShop({
    // Groups the products grant exist on the server, as an owner creates them.
    sim: { players: [], groups: [...DEFAULT_GROUPS, 'kit_wipe', 'renter'] },
  });
  ({ game, shop, serverId } = world);
  second = await createSecondInstance(shop);
  const admin = world.admin.headers;
  // Until the wipe: a kit group given by command and taken back by its revoke command.
  kit = await addProduct(shop, admin, {
    name: 'Набор до вайпа',
    gameItemName: 'kit',
    category: 'kits',
    commands: 'oxide.usergroup add {playerId} kit_wipe',
    revokeCommands: 'oxide.usergroup remove {playerId} kit_wipe, echo {playerId} {stacks}',
    untilWipe: true,
  });
  // A product with revoke commands that is not until the wipe: a wipe leaves it alone.
  rental = await addProduct(shop, admin, {
    name: 'Аренда',
    gameItemName: 'rent',
    category: 'kits',
    commands: 'oxide.usergroup add {playerId} renter',
    revokeCommands: 'oxide.usergroup remove {playerId} renter',
  });
  buyer = await createAccount(shop.app, shop.config, 'player');
  friend = await createAccount(shop.app, shop.config, 'player');
  await fund(shop, buyer.id, 1_000);
});
afterAll(async () => {
  await second?.close();
  await world?.close();
});

const buy = async (productId: number, extra: object = {}) => {
  const reply = await shop.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: buyer.headers,
    payload: { productId, serverId, quantity: 1, ...extra },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().orderId as string;
};

/** Runs every queued delivery on both processes at once, as two workers would. */
const deliverAll = () =>
  Promise.all([shop.app.delivery.worker.kick(), second.delivery.worker.kick()]);

/** The game's console commands for a Steam id, as the game received them. */
const sent = (pattern: RegExp) =>
  game.commands.filter((record) => pattern.test(record.message)).map((record) => record.message);

/**
 * The game saves its time to the second: a wipe in the second of a purchase would count as made
 * before it. Tests wait for the next second, as a real wipe comes minutes after any purchase.
 */
const nextSecond = () =>
  new Promise((resolve) => setTimeout(resolve, 1_010 - (Date.now() % 1_000)));

/** The wipe, seen by both processes' monitors at the same poll, and again at later polls. */
async function wipeSeenTwice() {
  await nextSecond();
  const at = game.wipe();
  await Promise.all([shop.app.servers.monitor.pollNow(), second.servers.monitor.pollNow()]);
  await second.servers.monitor.pollNow();
  await deliverAll();
  await seenOnline(shop, serverId);
  return at;
}

describe('purchases until the wipe', () => {
  it('revoke at the wipe, once, however many processes see it', async () => {
    const order = await buy(kit);
    await buy(rental);
    // A gift until the wipe is the recipient's: the revoke is theirs too.
    await buy(kit, { giftTo: friend.steamId });
    await deliverAll();
    expect(sent(/^oxide\.usergroup add/)).toHaveLength(3);
    const [line] = await queryRows<{ until_wipe: boolean }>(
      shop.app.db,
      sql`select until_wipe from order_items where order_id = ${order}`,
    );
    expect(line?.until_wipe).toBe(true);

    await wipeSeenTwice();
    expect(sent(/^oxide\.usergroup remove/).sort()).toEqual(
      [
        `oxide.usergroup remove ${buyer.steamId} kit_wipe`,
        `oxide.usergroup remove ${friend.steamId} kit_wipe`,
      ].sort(),
    );
    expect(sent(/^echo /).sort()).toEqual(
      [`echo ${buyer.steamId} 1`, `echo ${friend.steamId} 1`].sort(),
    );
    expect(game.groups.get('kit_wipe')?.size ?? 0).toBe(0);
    expect(game.groups.get('renter')?.has(buyer.steamId)).toBe(true);

    // The shop restarts (a new process sees the same save): nothing runs again.
    const third = await createSecondInstance(shop);
    await third.servers.monitor.pollNow();
    await third.delivery.worker.kick();
    await third.close();
    await seenOnline(shop, serverId);
    expect(sent(/^oxide\.usergroup remove/)).toHaveLength(2);
  });

  it('revokes at the next wipe only what was bought before it and not refunded', async () => {
    const before = sent(/^oxide\.usergroup remove/).length;
    const kept = await buy(kit);
    await deliverAll();
    // Refunded before it was given (its delivery cancelled): nothing to take back at the wipe. A
    // stopped worker claims nothing, so the refund finds it undelivered.
    await shop.app.delivery.worker.stop();
    const refunded = await buy(kit);
    const refund = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${refunded}/refund`,
      headers: world.admin.headers,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    shop.app.delivery.worker.start();

    const wipedAt = await wipeSeenTwice();
    const after = await buy(kit);
    await deliverAll();
    expect(sent(/^oxide\.usergroup remove/).slice(before)).toEqual([
      `oxide.usergroup remove ${buyer.steamId} kit_wipe`,
    ]);
    const revoked = await queryRows<{ order_id: string; wiped_at: Date | string }>(
      shop.app.db,
      sql`select oi.order_id, w.wiped_at from wipe_revocations r
          join order_items oi on oi.id = r.order_item_id join server_wipes w on w.id = r.wipe_id`,
    );
    const byOrder = new Map(revoked.map((row) => [row.order_id, new Date(row.wiped_at)]));
    expect(byOrder.get(kept)).toEqual(wipedAt);
    expect(byOrder.has(refunded)).toBe(false);
    expect(byOrder.has(after)).toBe(false);
    expect(game.groups.get('kit_wipe')?.has(buyer.steamId)).toBe(true);
  });

  it('revokes at a wipe an admin marks by hand, as at one the monitor sees', async () => {
    await nextSecond();
    const reply = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/servers/${serverId}/wipes`,
      headers: world.admin.headers,
    });
    expect(reply.statusCode).toBe(201);
    await deliverAll();
    expect(game.groups.get('kit_wipe')?.has(buyer.steamId) ?? false).toBe(false);
    const journal = await queryRows<{ after: string }>(
      shop.app.db,
      sql`select after from audit_log where action = 'server.wipe' order by id desc limit 1`,
    );
    expect(JSON.parse(journal[0]!.after)).toMatchObject({ revoked: 1 });
  });

  it('leaves purchases alone at a wipe marked earlier than the newest one', async () => {
    // A purchase from before that earlier wipe (as the demo's history writes them), not revoked
    // by the newest wipe, which was recorded before it was written.
    const at = new Date('2024-01-01T12:00:00Z');
    await shop.app.db.transaction((tx) =>
      shop.app.purchases.buyProduct(
        tx,
        { ...buyer, username: 'buyer' },
        { productId: kit, serverId, quantity: 1 },
        null,
        at,
      ),
    );
    await deliverAll();
    expect(game.groups.get('kit_wipe')?.has(buyer.steamId)).toBe(true);
    const before = game.commands.length;
    const reply = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/servers/${serverId}/wipes`,
      headers: world.admin.headers,
      payload: { at: '2024-01-04T19:00:00Z' },
    });
    expect(reply.statusCode).toBe(201);
    await deliverAll();
    expect(game.commands.slice(before).filter((c) => c.name === 'oxide.usergroup')).toEqual([]);
    expect(game.groups.get('kit_wipe')?.has(buyer.steamId)).toBe(true);
  });
});
