import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginKeyOf } from '../../test-support/plugin-signer';
import { orderOf } from '../../test-support/purchase-rows';
import { DEFAULT_GROUPS } from '@shop/rust-sim';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import { waitUntil } from '../../test-support/wait-until';
import { startDemoPlugin, type DemoPlugin } from './demo-plugin';

const ONLINE = '76561198000000004';
const OFFLINE = '76561198000000009';
/** Online, buying kits. */
const BUILDER = '76561198000000010';
/** Online with two free slots: a kit's third line does not fit. */
const CRAMPED = '76561198000000011';

let world: GameShop;
let plugin: DemoPlugin;
const saves: number[] = [];

beforeAll(async () => {
  world = await startGameShop({
    server: { name: 'Plugin', isPluginEnabled: 1 },
    sim: {
      groups: [...DEFAULT_GROUPS, 'demo_vip'],
      players: [
        { steamId: ONLINE, name: 'Nadya_Solo', resident: true },
        { steamId: BUILDER, name: 'Stroitel', resident: true },
        { steamId: CRAMPED, name: 'Tesno', resident: true, freeSlots: 2 },
      ],
    },
  });
  await world.shop.app.listen({ port: 0, host: '127.0.0.1' });
  const address = world.shop.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const key = await pluginKeyOf(world.shop.app, world.admin.headers, world.serverId);
  plugin = startDemoPlugin({
    baseUrl: `http://127.0.0.1:${address.port}/api/plugin/v2`,
    serverKey: async () => key,
    rcon: { host: world.game.host, port: world.game.port, password: world.game.password },
    items: [
      {
        itemid: -151838493,
        shortname: 'wood',
        displayName: 'Wood',
        category: 'resources',
        stackable: 1000,
      },
    ],
    saveIntervalMs: 500,
    onWorldSave: (jobs) => saves.push(jobs),
    log: world.shop.app.log,
  });
});
afterAll(async () => {
  await plugin?.stop();
  await world?.close();
});

async function orderStatus(headers: { authorization: string }, orderId: string) {
  const reply = await world.shop.app.inject({ url: '/api/orders', headers });
  return reply.json<Array<{ id: string; status: string }>>().find((o) => o.id === orderId)?.status;
}

describe('the demo plugin', () => {
  it('gives an online player what they bought, over protocol v2, and settles it at the world save', async () => {
    const player = await createAccount(world.shop.app, world.shop.config, 'player', ONLINE);
    await fund(world.shop, player.id, 1000);
    const wood = await addProduct(world.shop, world.admin.headers, { quantity: 1000, price: 25 });
    const vip = await addProduct(world.shop, world.admin.headers, {
      name: 'Группа',
      gameItemName: 'vip',
      category: 'vip',
      commands: 'oxide.usergroup add {playerId} demo_vip',
    });

    const woodOrder = await orderOf(world.shop.app, player.headers, {
      productId: wood,
      serverId: world.serverId,
      quantity: 2000,
    });
    const vipOrder = await orderOf(world.shop.app, player.headers, {
      productId: vip,
      serverId: world.serverId,
      quantity: 1,
    });

    await waitUntil(() => world.game.gifts(ONLINE).length > 0, { what: 'the give' });
    expect(world.game.gifts(ONLINE).map((gift) => [gift.shortname, gift.amount])).toEqual([
      ['wood', 2000],
    ]);
    await waitUntil(() => world.game.groups.get('demo_vip')?.has(ONLINE) === true, {
      what: 'the group',
    });
    await waitUntil(
      async () =>
        saves.length > 0 &&
        (await orderStatus(player.headers, woodOrder)) === 'completed' &&
        (await orderStatus(player.headers, vipOrder)) === 'completed',
      { what: 'both orders settled after the world save' },
    );
    // The plugin's item list reached the shop: the admin's view of the server counts it.
    const status = await world.shop.app.inject({
      url: `/api/admin/servers/${world.serverId}/plugin`,
      headers: world.admin.headers,
    });
    expect(status.json()).toMatchObject({ items: 1, version: '2.0.0-demo' });
  });

  it('leaves an offline player’s purchase waiting, and gives nothing to anyone else', async () => {
    const givenBefore = world.game.gifts();
    const player = await createAccount(world.shop.app, world.shop.config, 'player', OFFLINE);
    await fund(world.shop, player.id, 1000);
    const wood = await addProduct(world.shop, world.admin.headers, { quantity: 1000, price: 25 });
    const order = await orderOf(world.shop.app, player.headers, {
      productId: wood,
      serverId: world.serverId,
      quantity: 1000,
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await orderStatus(player.headers, order)).toBe('pending');
    // Nobody got anything: the offline buyer (whom the game cannot find) nor anyone online.
    expect(world.game.gifts()).toEqual(givenBefore);
  });

  it('gives a kit as one job, line by line, counting its items, and settles it at the save', async () => {
    const kit = await addProduct(world.shop, world.admin.headers, {
      name: 'Набор строителя',
      category: 'kits',
      price: 249,
      kitItems: [
        { gameItemName: 'wood', amount: 5000 },
        { gameItemName: 'stones', amount: 5000 },
        { gameItemName: 'metal.fragments', amount: 1000 },
      ],
    });
    const builder = await createAccount(world.shop.app, world.shop.config, 'player', BUILDER);
    await fund(world.shop, builder.id, 1000);
    const order = await orderOf(world.shop.app, builder.headers, {
      productId: kit,
      serverId: world.serverId,
      quantity: 2,
    });
    await waitUntil(() => world.game.gifts(BUILDER).length === 3, { what: 'the kit given' });
    expect(world.game.gifts(BUILDER).map((gift) => [gift.shortname, gift.amount])).toEqual([
      ['wood', 10_000],
      ['stones', 10_000],
      ['metal.fragments', 2000],
    ]);
    await waitUntil(async () => (await orderStatus(builder.headers, order)) === 'completed', {
      what: 'the kit settled after the world save',
    });
    const [job] = await queryRows<{ given: number; saved: number }>(
      world.shop.app.db,
      sql`select given_amount as given, saved_amount as saved from delivery_jobs
          where order_id = ${order}`,
    );
    expect(job).toEqual({ given: 22_000, saved: 22_000 });

    // Two free slots: the first two lines are given and reported, the third waits for room.
    const tools = await addProduct(world.shop, world.admin.headers, {
      name: 'Набор инструментов',
      category: 'kits',
      price: 99,
      kitItems: [
        { gameItemName: 'hatchet', amount: 1 },
        { gameItemName: 'pickaxe', amount: 1 },
        { gameItemName: 'rifle.ak', amount: 1 },
      ],
    });
    const cramped = await createAccount(world.shop.app, world.shop.config, 'player', CRAMPED);
    await fund(world.shop, cramped.id, 1000);
    const partly = await orderOf(world.shop.app, cramped.headers, {
      productId: tools,
      serverId: world.serverId,
      quantity: 1,
    });
    const jobOf = async () =>
      (
        await queryRows<{ status: string; given: number; reason: string | null }>(
          world.shop.app.db,
          sql`select status, given_amount as given, last_error as reason from delivery_jobs
              where order_id = ${partly}`,
        )
      )[0];
    await waitUntil(async () => (await jobOf())?.given === 2, { what: 'two lines given' });
    expect(await jobOf()).toEqual({ status: 'pending', given: 2, reason: 'Нет места в инвентаре' });
    expect(world.game.gifts(CRAMPED).map((gift) => gift.shortname)).toEqual(['hatchet', 'pickaxe']);
  });
});
