import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginKeyOf } from '../../test-support/plugin-signer';
import { orderOf } from '../../test-support/purchase-rows';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { waitUntil } from '../../test-support/wait-until';
import { startDemoPlugin, type DemoPlugin } from './demo-plugin';

const ONLINE = '76561198000000004';
const OFFLINE = '76561198000000009';

let world: GameShop;
let plugin: DemoPlugin;
const saves: number[] = [];

beforeAll(async () => {
  world = await startGameShop({
    server: { name: 'Plugin', isPluginEnabled: 1 },
    sim: { players: [{ steamId: ONLINE, name: 'Nadya_Solo', resident: true }] },
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
});
