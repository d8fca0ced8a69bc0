import type { RustSimHandle } from '@shop/rust-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGiftShop, type GiftShop } from '../../test-support/gift-shop';
import { sql as sqlTag } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import {
  createPluginSigner,
  pluginKeyOf,
  type PluginSigner,
} from '../../test-support/plugin-signer';
import { addProduct, addServer } from '../../test-support/shop-fixtures';
import { queryRows } from '../../test-support/sql';
import type { TestApp } from '../../test-support/test-app';
import { waitUntil } from '../../test-support/wait-until';
import { createUsersRepository } from '../users/users-repository';

const PLUGIN_FRIEND = {
  steamId: '76561198000000505',
  personaname: 'Plugin Friend',
  colour: '#000',
};

let world: GiftShop;
let shop: TestApp;
let game: RustSimHandle;
let buyer: GiftShop['buyer'];
let rifle: number;
let purchase: GiftShop['purchase'];

beforeAll(async () => {
  world = await startGiftShop([PLUGIN_FRIEND], []);
  ({ shop, game, buyer, rifle, purchase } = world);
});
afterAll(async () => {
  await world?.close();
});

const users = () => createUsersRepository(shop.app.db);
const userById = (id: number) => users().findById(id);
const userBySteamId = (steamId: string) => users().findBySteamId(steamId);
const balanceOf = async (userId: number) => (await userById(userId))?.balanceKopecks;

describe('gifts on a plugin server, and refunds', () => {
  let pluginServerId: number;
  let plugin: PluginSigner;
  beforeAll(async () => {
    pluginServerId = await addServer(
      shop,
      world.admin.headers,
      { name: 'Plugin', isPluginEnabled: 1 },
      game,
    );
    plugin = createPluginSigner(
      shop.app,
      await pluginKeyOf(shop.app, world.admin.headers, pluginServerId),
    );
  });

  it("puts a gift in the recipient's /store queue with the buyer's name, as the contract shows", async () => {
    const reply = await purchase(buyer, {
      productId: rifle,
      giftTo: PLUGIN_FRIEND.steamId,
      serverId: pluginServerId,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const lease = (steamId: string) =>
      plugin.send<{ jobs: Array<Record<string, unknown>> }>('/jobs/lease', {
        steamId,
        manual: true,
      });
    const queue = await lease(PLUGIN_FRIEND.steamId);
    const fixture = JSON.parse(
      readFileSync(
        new URL('../../../../../plugins/oxide/contract/lease-reply.example.json', import.meta.url),
        'utf8',
      ),
    );
    const gift = fixture.jobs.find((job: { giftFrom: unknown }) => job.giftFrom !== null);
    expect(Object.keys(queue.body!.jobs[0]!).sort()).toEqual(Object.keys(gift).sort());
    expect(queue.body!.jobs).toEqual([
      expect.objectContaining({
        kind: 'give',
        shortname: 'rifle.ak',
        giftFrom: "Kolya 'Tank' ‹size=90›",
      }),
    ]);
    expect((await lease(buyer.steamId)).body!.jobs).toEqual([]);
  });

  it("refund of a gift takes the recipient's VIP back and credits the buyer", async () => {
    const silver = await addProduct(shop, world.admin.headers, {
      name: 'VIP Silver',
      gameItemName: 'vip',
      category: 'vip',
      price: 100,
      vipTier: 'Silver',
      vipDays: 30,
    });
    const before = await balanceOf(buyer.id);
    const gift = await purchase(buyer, {
      productId: silver,
      giftTo: PLUGIN_FRIEND.steamId,
      serverId: pluginServerId,
    });
    expect(gift.statusCode, gift.body).toBe(200);
    expect((await userBySteamId(PLUGIN_FRIEND.steamId))?.vipStatus).toBe('Silver');

    const refund = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${gift.json().orderId}/refund`,
      headers: { ...world.admin.headers, 'idempotency-key': crypto.randomUUID() },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().refunded).toBe(100);
    expect(await balanceOf(buyer.id)).toBe(before);
    const recipient = await userBySteamId(PLUGIN_FRIEND.steamId);
    expect(recipient).toMatchObject({ vipStatus: null, vipExpiresAt: null, balanceKopecks: 0 });
    const jobs = await queryRows<{ status: string; steam_id: string }>(
      shop.app.db,
      sqlTag`select status, steam_id from delivery_jobs where order_id = ${gift.json().orderId}`,
    );
    expect(jobs).toEqual([{ status: 'cancelled', steam_id: PLUGIN_FRIEND.steamId }]);
    // The revoke runs over RCON against the recipient's Steam id.
    await shop.app.delivery.worker.kick();
    await waitUntil(
      () =>
        game.commands.some(
          (record) =>
            record.message === `oxide.usergroup remove ${PLUGIN_FRIEND.steamId} vip_silver`,
        ),
      { what: 'VIP revoke' },
    );
    const refunds = await queryRows<{ user_id: number }>(
      shop.app.db,
      sqlTag`select user_id from transactions where order_id = ${gift.json().orderId} and kind = 'refund'`,
    );
    expect(refunds).toEqual([{ user_id: buyer.id }]);
  });
});
