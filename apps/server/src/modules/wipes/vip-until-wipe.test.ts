import type { RustSimHandle } from '@shop/rust-sim';
import type { WipeSchedule } from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '../../db/schema/index';
import {
  addProduct,
  fund,
  seenOnline,
  startGameShop,
  type GameShop,
} from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { createSecondInstance, type TestApp } from '../../test-support/test-app';
import { createServersRepository } from '../servers/servers-repository';
import { expireVips } from '../vip/vip-expiry';
import { grantPurchasedVip, purchasedVip } from '../vip/vip-grant';

const DAY = 86_400_000;
let world: GameShop;
let game: RustSimHandle;
let shop: TestApp;
let second: FastifyInstance;
let serverId: number;
let player: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  world = await startGameShop({ sim: { players: [] } });
  ({ game, shop, serverId } = world);
  second = await createSecondInstance(shop);
  player = await createAccount(shop.app, shop.config, 'player');
  await fund(shop, player.id, 5_000);
});
afterAll(async () => {
  await second?.close();
  await world?.close();
});

const vipProduct = (tier: string, untilWipe: boolean) =>
  addProduct(shop, world.admin.headers, {
    name: `VIP ${tier}`,
    gameItemName: 'vip',
    category: 'vip',
    price: 99,
    vipTier: tier,
    vipDays: 30,
    untilWipe,
  });
const buy = async (productId: number) => {
  const reply = await shop.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: player.headers,
    payload: { productId, serverId, quantity: 1 },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  await Promise.all([shop.app.delivery.worker.kick(), second.delivery.worker.kick()]);
};
const vipOf = async (userId = player.id) =>
  (
    await shop.app.db
      .select({ tier: users.vipStatus, expiresAt: users.vipExpiresAt })
      .from(users)
      .where(eq(users.id, userId))
  )[0];
const sent = (command: string) => game.commands.filter((record) => record.message === command);

/** A wipe both processes see, then their VIP expiry sweeps and delivery workers, all at once. */
async function wipeAndSweep() {
  await new Promise((resolve) => setTimeout(resolve, 1_010 - (Date.now() % 1_000)));
  game.wipe();
  await Promise.all([shop.app.servers.monitor.pollNow(), second.servers.monitor.pollNow()]);
  await Promise.all([expireVips(shop.app), expireVips(second)]);
  await Promise.all([shop.app.delivery.worker.kick(), second.delivery.worker.kick()]);
  await seenOnline(shop, serverId);
}

describe('a VIP bought until the wipe', () => {
  it('ends at the server’s wipe, its revoke command run once', async () => {
    const gold = await vipProduct('Gold', true);
    await buy(gold);
    expect((await vipOf())?.tier).toBe('Gold');
    expect(sent(`oxide.usergroup add ${player.steamId} vip_gold`)).toHaveLength(1);

    await wipeAndSweep();
    await wipeAndSweep();
    expect(await vipOf()).toEqual({ tier: null, expiresAt: null });
    expect(sent(`oxide.usergroup remove ${player.steamId} vip_gold`)).toHaveLength(1);
    expect(game.groups.get('vip_gold')?.has(player.steamId) ?? false).toBe(false);
  });

  it('leaves a VIP that replaced it alone: that one was revoked when replaced', async () => {
    const silverUntilWipe = await vipProduct('Silver', true);
    const platinum = await vipProduct('Platinum', false);
    await buy(silverUntilWipe);
    await buy(platinum);
    expect(sent(`oxide.usergroup remove ${player.steamId} vip_silver`)).toHaveLength(1);
    await wipeAndSweep();
    expect((await vipOf())?.tier).toBe('Platinum');
    expect(sent(`oxide.usergroup remove ${player.steamId} vip_silver`)).toHaveLength(1);
    expect(sent(`oxide.usergroup remove ${player.steamId} vip_platinum`)).toHaveLength(0);
  });

  it('runs at purchase to the predicted next wipe, else for its days', async () => {
    const schedule: WipeSchedule = {
      every: 'week',
      weekday: 4,
      time: '18:00',
      timeZone: 'Europe/Moscow',
    };
    const edit = await shop.app.inject({
      method: 'PUT',
      url: `/api/admin/servers/${serverId}`,
      headers: world.admin.headers,
      payload: {
        name: 'Classic',
        ip: '127.0.0.1',
        port: 28015,
        rconPort: game.port,
        rconPassword: game.password,
        wipeSchedule: schedule,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const predicted = new Date(edit.json().nextWipeAt);
    // Each to a player with no VIP yet: the term alone is what the player sees.
    const grant = async (tier: string, untilWipe: boolean, nextWipe: Date | null) => {
      const holder = await createAccount(shop.app, shop.config, 'player');
      const id = await vipProduct(tier, untilWipe);
      const [product] = await shop.app.db.select().from(products).where(eq(products.id, id));
      const vip = purchasedVip(product!, holder.steamId, 1, 1, nextWipe);
      await shop.app.db.transaction((tx) => grantPurchasedVip(tx, holder, { ...vip!, serverId }));
      return (await vipOf(holder.id))?.expiresAt;
    };
    const server = { wipeSchedule: schedule };
    expect(shop.app.wipes.nextWipeAt(server)).toEqual(predicted);
    expect(await grant('Bronze', true, shop.app.wipes.nextWipeAt(server))).toEqual(predicted);
    // No schedule to go by: its days.
    const byDays = await grant('Diamond', true, null);
    expect(byDays!.getTime() - Date.now()).toBeGreaterThan(29 * DAY);
    // Not until the wipe: its days, whatever the schedule says.
    const regular = await grant('Gold', false, predicted);
    expect(regular!.getTime() - Date.now()).toBeGreaterThan(29 * DAY);
  });

  it('bought in the shop runs to the predicted wipe; a regular purchase on top runs its days after the wipe', async () => {
    // The server has the weekly schedule the test before set.
    const buyer = await createAccount(shop.app, shop.config, 'player');
    await fund(shop, buyer.id, 1_000);
    const buyAs = async (productId: number) => {
      const reply = await shop.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: buyer.headers,
        payload: { productId, serverId, quantity: 1 },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      await shop.app.delivery.worker.kick();
    };
    const vipOfBuyer = () => vipOf(buyer.id);
    const predicted = shop.app.wipes.nextWipeAt(
      (await createServersRepository(shop.app.db).findById(serverId))!,
    );
    await buyAs(await vipProduct('Gold', true));
    expect((await vipOfBuyer())?.expiresAt).toEqual(predicted);

    // 30 paid days of the same tier on top: they follow the until-wipe term, and the wipe that
    // ends it early takes none of them: they run from the wipe, the tier never revoked.
    await buyAs(await vipProduct('Gold', false));
    expect((await vipOfBuyer())?.expiresAt?.getTime()).toBe(predicted!.getTime() + 30 * DAY);
    await wipeAndSweep();
    const after = await vipOfBuyer();
    expect(after?.tier).toBe('Gold');
    expect(Math.abs(after!.expiresAt!.getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    expect(sent(`oxide.usergroup remove ${buyer.steamId} vip_gold`)).toHaveLength(0);
  });

  it('keeps the paid days of purchases that extended one another past the wipe', async () => {
    const account = await createAccount(shop.app, shop.config, 'player');
    const buyer = { ...account, username: 'stacker' };
    await fund(shop, buyer.id, 1_000);
    const gold = await vipProduct('Gold', false);
    // 30 days bought 59 days ago, 30 more the next day: each alone ended a month ago, together
    // they run to tomorrow.
    const firstBought = Date.now() - 59 * DAY;
    for (const daysAgo of [59, 58]) {
      const at = new Date(firstBought + (59 - daysAgo) * DAY);
      await shop.app.db.transaction((tx) =>
        shop.app.purchases.buyProduct(
          tx,
          buyer,
          { productId: gold, serverId, quantity: 1 },
          null,
          at,
        ),
      );
    }
    const untilWipe = await shop.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: buyer.headers,
      payload: { productId: await vipProduct('Gold', true), serverId, quantity: 1 },
    });
    expect(untilWipe.statusCode, untilWipe.body).toBe(200);
    await shop.app.delivery.worker.kick();
    await wipeAndSweep();
    // The until-wipe term waited behind them and ends at the wipe; they run on to their end.
    expect(await vipOf(buyer.id)).toEqual({
      tier: 'Gold',
      expiresAt: new Date(firstBought + 60 * DAY),
    });
    expect(sent(`oxide.usergroup remove ${buyer.steamId} vip_gold`)).toHaveLength(0);
  });
});
