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
 * game yet (the player was away), that grant must never run later: not by a release, not when the
 * player comes back. A group given then would outlive its term, which the shop no longer expires.
 */
const STEAM_ID = '76561198000000888';

let world: GameShop;
let provider: FakeFreekassaServer;
let plugin: PluginSigner;

beforeAll(async () => {
  // A plugin server: the grant waits for the plugin to lease it while the player is in the game.
  ({ world, provider } = await startFreekassaGameShop({
    server: { name: 'Plugin', isPluginEnabled: 1 },
  }));
  plugin = createPluginSigner(
    world.shop.app,
    await pluginKeyOf(world.shop.app, world.admin.headers, world.serverId),
  );
});
afterAll(async () => {
  await world?.close();
  await provider?.close();
});

const shop = () => world.shop.app;
const admin = () => world.admin.headers;

async function lease(manual: boolean): Promise<string[]> {
  const reply = await plugin.send<Lease>('/jobs/lease', { steamId: STEAM_ID, manual });
  expect(reply.status, reply.text).toBe(200);
  return reply.body!.jobs.map((job) => job.id);
}

async function topUp(headers: { authorization: string }, amount: number) {
  const reply = await shop().inject({
    method: 'POST',
    url: '/api/payments/create',
    headers,
    payload: { amount, method: 'kassa', email: 'player@example.com' },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  const { url, orderId } = reply.json<{ url: string; orderId: string }>();
  expect((await payThroughPage(url)).status).toBe(303);
  return orderId;
}

describe('a reversed top-up and the VIP it bought, not yet given', () => {
  it('revokes it, and its grant never reaches the game afterwards', async () => {
    const player = await createAccount(shop(), world.shop.config, 'player', STEAM_ID);
    const gold = await addVipProduct(world.shop, admin());
    const paymentId = await topUp(player.headers, 300);
    const orderId = await orderOf(shop(), player.headers, {
      productId: gold,
      serverId: world.serverId,
      quantity: 1,
    });
    const jobs = () =>
      queryRows<{ status: string }>(
        shop().db,
        sql`select status from delivery_jobs where order_id = ${orderId}`,
      );
    expect((await jobs()).map((job) => job.status)).toEqual(['pending']);

    const reversed = await shop().inject({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/reverse`,
      headers: admin(),
      payload: { reason: 'Чарджбэк по заявке банка' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const profile = await shop().inject({ url: '/api/auth/profile', headers: player.headers });
    expect(profile.json().vipStatus).toBe('no VIP');

    // Nothing of the order is left to hold: an admin cannot release its grant by mistake.
    expect(reversed.json().message).not.toContain('Удержанных заказах');
    const released = await shop().inject({
      method: 'POST',
      url: `/api/admin/holds/${orderId}/release`,
      headers: admin(),
    });
    expect(released.statusCode, released.body).toBe(404);

    // The player types /store and the plugin's automatic rounds run: nothing is handed out.
    for (let round = 0; round < 3; round += 1) {
      expect(await lease(true)).toEqual([]);
      expect(await lease(false)).toEqual([]);
    }
    expect((await jobs()).map((job) => job.status)).toEqual(['cancelled']);
  });
});
