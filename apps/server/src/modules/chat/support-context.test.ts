import type { SupportContext } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { waitUntil } from '../../test-support/wait-until';

let world: GameShop;
beforeAll(async () => {
  world = await startGameShop({ sim: { players: [] } });
});
afterAll(async () => world?.close());

const contextOf = (userId: number, headers = world.admin.headers) =>
  world.shop.app.inject({ url: `/api/admin/users/${userId}/support-context`, headers });

describe('staff context beside a support chat', () => {
  it("shows the player's balance, VIP, orders with the console command sent and the game's answer", async () => {
    const { app, config } = world.shop;
    const player = await createAccount(app, config);
    await fund(world.shop, player.id, 500);
    const wood = await addProduct(world.shop, world.admin.headers, {
      name: 'Дерево',
      gameItemName: 'wood',
      price: 50,
      quantity: 1000,
    });
    const bought = await app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: player.headers,
      payload: { productId: wood, serverId: world.serverId, quantity: 1000 },
    });
    expect(bought.statusCode).toBe(200);
    // The player is not in the game: the worker tries, the game answers, the delivery waits.
    await app.delivery.worker.kick();
    let context: SupportContext | undefined;
    await waitUntil(
      async () => {
        context = (await contextOf(player.id)).json<SupportContext>();
        return context.orders[0]?.deliveries[0]?.lastResult != null;
      },
      { what: 'the delivery attempt' },
    );
    expect(context!.user).toMatchObject({
      id: player.id,
      steamId: player.steamId,
      balance: 450,
      vipStatus: 'no VIP',
      vipActive: false,
    });
    expect(context!.orders).toHaveLength(1);
    expect(context!.orders[0]).toMatchObject({
      id: bought.json().orderId,
      total: 50,
      serverName: 'Classic',
      items: [{ name: 'Дерево', quantity: 1000 }],
      delivery: { status: 'pending', method: 'rcon' },
    });
    expect(context!.orders[0]!.deliveries[0]).toMatchObject({
      itemName: 'Дерево',
      status: 'pending',
      method: 'rcon',
      lastCommand: `inventory.giveto ${player.steamId} "wood" 1000`,
      lastResult: expect.stringMatching(/\S/),
    });
    expect(context!.topUps).toEqual([]);
  });

  it('is for admins only, and 404 for an unknown player', async () => {
    const player = await createAccount(world.shop.app, world.shop.config);
    expect((await contextOf(player.id, player.headers)).statusCode).toBe(403);
    expect(
      (await world.shop.app.inject({ url: `/api/admin/users/${player.id}/support-context` }))
        .statusCode,
    ).toBe(401);
    const missing = await contextOf(2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Пользователь не найден');
  });
});
