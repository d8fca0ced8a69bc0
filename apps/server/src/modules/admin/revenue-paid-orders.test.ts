import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderOf } from '../../test-support/purchase-rows';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';

/** Not in the game: whatever they buy waits for them to join. */
const AWAY = '76561198000000007';

let world: GameShop;
let player: Awaited<ReturnType<typeof createAccount>>;
let wood: number;

const get = async (url: string) => {
  const reply = await world.shop.app.inject({ url, headers: world.admin.headers });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
};
const buyWood = () =>
  orderOf(world.shop.app, player.headers, {
    productId: wood,
    serverId: world.serverId,
    quantity: 1000,
  });

beforeAll(async () => {
  world = await startGameShop({ sim: { players: [] } });
  player = await createAccount(world.shop.app, world.shop.config, 'player', AWAY);
  await fund(world.shop, player.id, 1000);
  wood = await addProduct(world.shop, world.admin.headers, { quantity: 1000, price: 25 });
});
afterAll(() => world?.close());

describe('revenue is money taken', () => {
  it('counts a paid order whose delivery is still waiting, and not one refunded in full', async () => {
    const waiting = await buyWood();
    const refunded = await buyWood();
    // The purchase starts the delivery worker; once it has found the player away, both jobs wait
    // again and the refund can cancel one (a job being sent is left alone).
    await world.shop.app.delivery.worker.kick();
    const reply = await world.shop.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${refunded}/refund`,
      headers: world.admin.headers,
    });
    expect(reply.statusCode, reply.body).toBe(200);

    const orders = await get('/api/admin/orders');
    const statusOf = (id: string) =>
      orders.find((order: { id: string; status: string }) => order.id === id)?.status;
    expect(statusOf(waiting)).toBe('pending');
    expect(statusOf(refunded)).toBe('cancelled');

    const revenue = await get('/api/admin/revenue-stats');
    for (const window of ['today', 'sevenDays', 'fourteenDays', 'thirtyDays', 'total']) {
      expect(revenue[window], window).toEqual({ revenue: 25, count: 1 });
    }
    expect(revenue.daily.at(-1)).toMatchObject({ revenue: 25, count: 1 });

    const cards = await get('/api/admin/stats');
    expect(cards).toMatchObject({
      totalRevenue: 25,
      todayRevenue: 25,
      totalOrders: 2,
      todayOrders: 2,
      pendingOrders: 1,
    });
  });
});
