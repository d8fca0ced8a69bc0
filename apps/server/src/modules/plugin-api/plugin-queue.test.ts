import type { RustSimHandle } from '@shop/rust-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  addServer,
  fund,
  startGameShop,
  type GameShop,
} from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import type { TestApp } from '../../test-support/test-app';

const STEAM_ID = '76561198000000077';
let world: GameShop;
let game: RustSimHandle;
let shop: TestApp;
let key: string;
let serverId: number;
let player: Awaited<ReturnType<typeof createAccount>>;
let admin: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  world = await startGameShop({ server: { name: 'Trio', isPluginEnabled: 1 } });
  ({ game, shop, admin, serverId } = world);
  key = (await shop.app.inject({ url: '/api/admin/servers', headers: admin.headers })).json()[0]
    .pluginKey;
  player = await createAccount(shop.app, shop.config, 'player', STEAM_ID);
  await fund(shop, player.id, 1000);
});
afterAll(() => world?.close());

const queue = (steamId = STEAM_ID, serverKey = key) =>
  shop.app.inject({
    url: `/api/plugin/v1/queue?steamId=${steamId}`,
    headers: { 'x-server-key': serverKey },
  });
const ack = (ids: string[]) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/plugin/v1/queue/ack',
    headers: { 'x-server-key': key },
    payload: { ids },
  });
const orders = async () =>
  (await shop.app.inject({ url: '/api/orders', headers: player.headers })).json();

async function buy(name: string, gameItemName: string, quantity: number, stackSize: number) {
  const productId = await addProduct(shop, admin.headers, {
    name,
    gameItemName,
    quantity: stackSize,
  });
  const reply = await shop.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: player.headers,
    payload: { productId, serverId, quantity },
  });
  expect(reply.statusCode).toBe(200);
  return reply.json().orderId as string;
}

describe('plugin delivery queue', () => {
  it('keeps plugin jobs away from the RCON worker and hands them to the plugin with the slots they need', async () => {
    const orderId = await buy('Сера', 'sulfur', 3000, 1000);
    await shop.app.delivery.worker.kick();
    expect(game.commands.some((record) => record.name === 'inventory.giveto')).toBe(false);
    const reply = await queue();
    expect(reply.statusCode).toBe(200);
    const { jobs, leaseSeconds } = reply.json();
    expect(leaseSeconds).toBe(2);
    expect(jobs).toEqual([
      expect.objectContaining({
        kind: 'give',
        shortname: 'sulfur',
        stackSize: 1000,
        stacks: 3,
        itemName: 'Сера',
      }),
    ]);
    expect((await queue()).json().jobs).toEqual([]);
    expect((await ack([jobs[0].id])).json()).toEqual({ acknowledged: 1 });
    expect((await ack([jobs[0].id])).json()).toEqual({ acknowledged: 0 });
    const order = (await orders()).find((candidate: { id: string }) => candidate.id === orderId);
    expect(order).toMatchObject({ status: 'completed', isDelivered: true });
  });

  it('returns a job that was handed out but never acknowledged once its lease ends', async () => {
    await buy('Камень', 'stones', 1000, 1000);
    const [first] = (await queue()).json().jobs;
    expect((await queue()).json().jobs).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    const [again] = (await queue()).json().jobs;
    expect(again?.id).toBe(first.id);
    await ack([again.id]);
  });

  it('takes a job back at once when the plugin releases it for lack of room', async () => {
    await buy('Дерево', 'wood', 2000, 1000);
    const [job] = (await queue()).json().jobs;
    const released = await shop.app.inject({
      method: 'POST',
      url: '/api/plugin/v1/queue/release',
      headers: { 'x-server-key': key },
      payload: { ids: [job.id] },
    });
    expect(released.json()).toEqual({ released: 1 });
    expect((await queue()).json().jobs[0]?.id).toBe(job.id);
    const [order] = await orders();
    expect(order.delivery.status).toBe('sending');
  });

  it("refuses a wrong key, another server's key and a malformed Steam id", async () => {
    expect((await queue(STEAM_ID, 'not-the-key-not-the-key-00')).statusCode).toBe(401);
    const otherServer = await addServer(
      shop,
      admin.headers,
      { name: 'Other', isPluginEnabled: 1 },
      game,
    );
    const servers = (
      await shop.app.inject({ url: '/api/admin/servers', headers: admin.headers })
    ).json();
    const otherKey = servers.find((server: { id: number }) => server.id === otherServer).pluginKey;
    await buy('Медкит', 'syringe.medical', 1, 1);
    expect((await queue(STEAM_ID, otherKey)).json().jobs).toEqual([]);
    expect((await queue('123')).json().message).toBe('Неверный Steam ID');
  });
});
