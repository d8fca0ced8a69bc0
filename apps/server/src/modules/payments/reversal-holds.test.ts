import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeFreekassaServer } from '../../integrations/freekassa/fake-freekassa-server';
import { startFreekassaGameShop } from '../../test-support/freekassa-game-shop';
import {
  createPluginSigner,
  pluginKeyOf,
  type PluginSigner,
} from '../../test-support/plugin-signer';
import type { Lease, OrderView } from '../../test-support/plugin-shop';
import { payThroughPage } from '../../test-support/provider-page';
import { orderOf } from '../../test-support/purchase-rows';
import { addProduct, addServer, fund, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import type { TestApp } from '../../test-support/test-app';

/**
 * Issue 36: after a top-up's chargeback, goods bought with it and left unclaimed were delivered
 * anyway. Now the reversal holds them through every plugin lease and RCON round until an admin
 * cancels (the cost credited back) or releases them; and while the buyer owes, nothing of theirs
 * is handed out unless released.
 */
const STEAM_ID = '76561198000000777';
const HELD = 'Ожидает решения администратора';

let world: GameShop;
let shop: TestApp;
let provider: FakeFreekassaServer;
let plugin: PluginSigner;
let pluginServer: number;
let rconServer: number;

beforeAll(async () => {
  ({ world, provider } = await startFreekassaGameShop({
    // The buyer is not in the game yet: the RCON delivery waits for them.
    sim: { players: [] },
    server: { name: 'Plugin', isPluginEnabled: 1 },
  }));
  shop = world.shop;
  pluginServer = world.serverId;
  rconServer = await addServer(shop, world.admin.headers, { name: 'Classic' }, world.game);
  plugin = createPluginSigner(
    shop.app,
    await pluginKeyOf(shop.app, world.admin.headers, pluginServer),
  );
});
afterAll(async () => {
  await world?.close();
  await provider?.close();
});

const admin = () => world.admin.headers;

async function topUp(who: { headers: { authorization: string } }, amount: number) {
  const reply = await shop.app.inject({
    method: 'POST',
    url: '/api/payments/create',
    headers: who.headers,
    payload: { amount, method: 'kassa', email: 'player@example.com' },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  const { url, orderId } = reply.json<{ url: string; orderId: string }>();
  expect((await payThroughPage(url)).status).toBe(303);
  return orderId;
}

async function lease(manual: boolean): Promise<string[]> {
  const reply = await plugin.send<Lease>('/jobs/lease', { steamId: STEAM_ID, manual });
  expect(reply.status, reply.text).toBe(200);
  return reply.body!.jobs.map((job) => job.id);
}

const jobsOf = (orderId: string) =>
  queryRows<{ id: string; status: string }>(
    shop.app.db,
    sql`select id, status from delivery_jobs where order_id = ${orderId} order by created_at`,
  );

const decide = (orderId: string, decision: 'cancel' | 'release') =>
  shop.app.inject({
    method: 'POST',
    url: `/api/admin/holds/${orderId}/${decision}`,
    headers: admin(),
  });

describe('a reversed top-up holds the goods it paid for', () => {
  it('keeps them from plugin leases and RCON rounds until the admin releases or cancels', async () => {
    const player = await createAccount(shop.app, shop.config, 'player', STEAM_ID);
    const wood = await addProduct(shop, admin(), { name: 'Дерево', price: 100 });
    const rifle = await addProduct(shop, admin(), {
      name: 'Калаш',
      gameItemName: 'rifle.ak',
      category: 'weapons',
      price: 250,
    });
    const stone = await addProduct(shop, admin(), { name: 'Камень', price: 200 });
    const buy = (productId: number, serverId: number) =>
      orderOf(shop.app, player.headers, { productId, serverId, quantity: 1 });

    // Bought with money from before the top-up: not held, but it waits while the player owes.
    await fund(shop, player.id, 100);
    const before = await buy(wood, pluginServer);
    const paymentId = await topUp(player, 500);
    const onPlugin = await buy(rifle, pluginServer);
    const overRcon = await buy(stone, rconServer);
    await shop.app.delivery.worker.kick();
    expect((await jobsOf(overRcon))[0]?.status).toBe('pending');

    const reversed = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/reverse`,
      headers: admin(),
      payload: { reason: 'Чарджбэк по заявке банка' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().balance).toBe(-450);

    const holds = await shop.app.inject({ url: '/api/admin/holds', headers: admin() });
    expect(holds.statusCode, holds.body).toBe(200);
    const held = holds.json<Array<{ orderId: string }>>();
    // Held in one transaction: the same moment, so in no particular order between them.
    expect(held).toHaveLength(2);
    expect(held).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          orderId: onPlugin,
          paymentId,
          buyer: expect.objectContaining({ steamId: STEAM_ID, balance: -450 }),
          serverName: 'Plugin',
        }),
        expect.objectContaining({
          orderId: overRcon,
          paymentId,
          items: [{ name: 'Камень', quantity: 1 }],
          serverName: 'Classic',
        }),
      ]),
    );
    const orders = (await shop.app.inject({ url: '/api/orders', headers: player.headers })).json<
      OrderView[]
    >();
    const reasonOf = (id: string) => orders.find((order) => order.id === id)?.delivery;
    expect(reasonOf(onPlugin)).toMatchObject({ status: 'pending', reason: HELD });
    expect(reasonOf(overRcon)).toMatchObject({ status: 'pending', reason: HELD });
    expect(reasonOf(before)?.reason).not.toBe(HELD);

    // The player comes into the game and types /store; the plugin's rounds and the RCON worker run.
    world.game.addPlayer({ steamId: STEAM_ID, name: 'Chargeback' });
    await shop.app.db.execute(
      // The RCON job's retry time comes (it waited 30 s for the player to come online).
      sql`update delivery_jobs set next_attempt_at = now() where order_id = ${overRcon}`,
    );
    for (let round = 0; round < 3; round += 1) {
      expect(await lease(true)).toEqual([]);
      expect(await lease(false)).toEqual([]);
      await shop.app.delivery.worker.kick();
    }
    expect((await jobsOf(overRcon))[0]?.status).toBe('pending');
    expect(world.game.players().find((p) => p.steamId === STEAM_ID)).toBeDefined();

    // Released: its goods go out though the balance stays negative; the older order still waits.
    const released = await decide(onPlugin, 'release');
    expect(released.statusCode, released.body).toBe(200);
    const [pluginJob] = await jobsOf(onPlugin);
    expect(await lease(true)).toEqual([pluginJob!.id]);
    await plugin.send('/jobs/given', { jobs: [{ id: pluginJob!.id, given: 1 }] });
    await plugin.send('/jobs/saved', { jobs: [{ id: pluginJob!.id, saved: 1 }] });
    expect((await jobsOf(onPlugin))[0]?.status).toBe('delivered');
    expect((await decide(onPlugin, 'release')).statusCode).toBe(404);

    // Cancelled: nothing is given, its cost is credited and pays the debt down.
    const cancelled = await decide(overRcon, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().balance).toBe(-250);
    await shop.app.delivery.worker.kick();
    expect((await jobsOf(overRcon))[0]?.status).toBe('cancelled');
    expect((await decide(overRcon, 'cancel')).statusCode).toBe(404);
    expect((await shop.app.inject({ url: '/api/admin/holds', headers: admin() })).json()).toEqual(
      [],
    );

    const journal = await queryRows<{ action: string }>(
      shop.app.db,
      sql`select action from audit_log where action like 'order.hold_%' order by id`,
    );
    expect(journal.map((row) => row.action)).toEqual(['order.hold_release', 'order.hold_cancel']);

    // The debt repaid, the order from before the top-up goes out at last.
    expect(await lease(true)).toEqual([]);
    await fund(shop, player.id, 250);
    expect(await lease(true)).toEqual((await jobsOf(before)).map((job) => job.id));
  });

  it('refuses players and answers 404 for an order that is not held', async () => {
    const player = await createAccount(shop.app, shop.config, 'player');
    const list = await shop.app.inject({ url: '/api/admin/holds', headers: player.headers });
    expect(list.statusCode).toBe(403);
    const missing = await decide(crypto.randomUUID(), 'release');
    expect(missing.statusCode).toBe(404);
    expect((await decide('not-a-uuid', 'cancel')).statusCode).toBe(400);
  });
});
