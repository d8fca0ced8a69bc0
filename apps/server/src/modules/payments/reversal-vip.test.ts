import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeFreekassaServer } from '../../integrations/freekassa/fake-freekassa-server';
import { startFreekassaGameShop } from '../../test-support/freekassa-game-shop';
import {
  createPluginSigner,
  pluginKeyOf,
  type PluginSigner,
} from '../../test-support/plugin-signer';
import type { Lease } from '../../test-support/plugin-shop';
import { payThroughPage } from '../../test-support/provider-page';
import { orderOf } from '../../test-support/purchase-rows';
import { addVipProduct, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';

/**
 * A VIP bought with a top-up that is then reversed is revoked. When its grant had not reached the
 * game yet (the player was away, or the plugin's delivery of it was cut short), that grant must
 * never run later: not by a release, not when the player comes back. A group given then would
 * outlive its term, which the shop no longer expires.
 */
let world: GameShop;
let provider: FakeFreekassaServer;
let plugin: PluginSigner;
let gold: number;

beforeAll(async () => {
  // A plugin server: the grant waits for the plugin to lease it while the player is in the game.
  ({ world, provider } = await startFreekassaGameShop({
    server: { name: 'Plugin', isPluginEnabled: 1 },
  }));
  plugin = createPluginSigner(
    world.shop.app,
    await pluginKeyOf(world.shop.app, world.admin.headers, world.serverId),
  );
  gold = await addVipProduct(world.shop, world.admin.headers);
});
afterAll(async () => {
  await world?.close();
  await provider?.close();
});

const shop = () => world.shop.app;
const admin = () => world.admin.headers;

async function lease(steamId: string, manual: boolean): Promise<string[]> {
  const reply = await plugin.send<Lease>('/jobs/lease', { steamId, manual });
  expect(reply.status, reply.text).toBe(200);
  return reply.body!.jobs.map((job) => job.id);
}

/** A player tops up 300 ₽ and buys 30 days of Gold with it; the grant waits for the plugin. */
async function goldBoughtWithTopUp(steamId: string) {
  const player = await createAccount(shop(), world.shop.config, 'player', steamId);
  const create = await shop().inject({
    method: 'POST',
    url: '/api/payments/create',
    headers: player.headers,
    payload: { amount: 300, method: 'kassa', email: 'player@example.com' },
  });
  expect(create.statusCode, create.body).toBe(200);
  const { url, orderId: paymentId } = create.json<{ url: string; orderId: string }>();
  expect((await payThroughPage(url)).status).toBe(303);
  const orderId = await orderOf(shop(), player.headers, {
    productId: gold,
    serverId: world.serverId,
    quantity: 1,
  });
  const jobs = async () =>
    (
      await queryRows<{ status: string }>(
        shop().db,
        sql`select status from delivery_jobs where order_id = ${orderId}`,
      )
    ).map((job) => job.status);
  expect(await jobs()).toEqual(['pending']);
  return { player, paymentId, orderId, jobs };
}

async function reverse(paymentId: string) {
  const reply = await shop().inject({
    method: 'POST',
    url: `/api/admin/payments/${paymentId}/reverse`,
    headers: admin(),
    payload: { reason: 'Чарджбэк по заявке банка' },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ message: string }>().message;
}

const release = (orderId: string) =>
  shop().inject({ method: 'POST', url: `/api/admin/holds/${orderId}/release`, headers: admin() });

/** The player types /store and the plugin's automatic rounds run: nothing is handed out. */
async function nothingHandedOut(steamId: string) {
  for (let round = 0; round < 3; round += 1) {
    expect(await lease(steamId, true)).toEqual([]);
    expect(await lease(steamId, false)).toEqual([]);
  }
}

describe('a reversed top-up and the VIP it bought, not yet given', () => {
  it('revokes it and cancels its grant: nothing is held, and nothing reaches the game', async () => {
    const steamId = '76561198000000888';
    const { player, paymentId, orderId, jobs } = await goldBoughtWithTopUp(steamId);

    // Nothing of the order is left to hold: an admin cannot release its grant by mistake.
    expect(await reverse(paymentId)).not.toContain('Удержанных заказах');
    const profile = await shop().inject({ url: '/api/auth/profile', headers: player.headers });
    expect(profile.json().vipStatus).toBe('no VIP');
    expect((await release(orderId)).statusCode).toBe(404);

    await nothingHandedOut(steamId);
    expect(await jobs()).toEqual(['cancelled']);
  });

  it('is not given by a release when the plugin had leased the grant and its lease ran out', async () => {
    const steamId = '76561198000000889';
    const { paymentId, orderId, jobs } = await goldBoughtWithTopUp(steamId);
    // The player typed /store: the plugin holds the grant when the top-up is reversed.
    expect(await lease(steamId, true)).toHaveLength(1);
    expect(await reverse(paymentId)).toContain('Удержанных заказах');
    // The plugin never reports it (the server went down): its lease runs out.
    await shop().db.execute(
      sql`update delivery_jobs set lease_until = now() - interval '1 second'
          where order_id = ${orderId}`,
    );

    const released = await release(orderId);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().message).toBe(
      'VIP из этого заказа отозван отменой пополнения и выдан не будет',
    );
    await nothingHandedOut(steamId);
    expect(await jobs()).toEqual(['cancelled']);
    const [journal] = await queryRows<{ after: string }>(
      shop().db,
      sql`select after from audit_log where action = 'order.hold_release' order by id desc limit 1`,
    );
    expect(JSON.parse(journal!.after)).toMatchObject({ deliveries: 0, revokedVipCancelled: 1 });
  });
});
