import { DEFAULT_GROUPS, type RustSimHandle } from '@shop/rust-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import type { TestApp } from '../../test-support/test-app';

let world: GameShop;
let game: RustSimHandle;
let shop: TestApp;
let serverId: number;
let player: Awaited<ReturnType<typeof createAccount>>;
const ids = { armor: 0, kit: 0, wood: 0 };

beforeAll(async () => {
  // Nobody is online: command products are given at once, items wait for their player.
  world = await startGameShop({
    // Groups the products grant exist on the server, as an owner creates them.
    sim: {
      players: [],
      groups: [
        ...DEFAULT_GROUPS,
        'armor',
        'kit',
        ...Array.from({ length: 6 }, (_, i) => `kit${i}`),
      ],
    },
  });
  ({ game, shop, serverId } = world);
  const admin = world.admin.headers;
  const commands = (name: string, price: number) =>
    addProduct(shop, admin, {
      name,
      gameItemName: name.toLowerCase(),
      category: 'kits',
      price,
      commands: `oxide.usergroup add {playerId} ${name.toLowerCase()}`,
    });
  ids.armor = await commands('Armor', 100);
  ids.kit = await commands('Kit', 50);
  ids.wood = await addProduct(shop, admin, { name: 'Wood', gameItemName: 'wood', price: 30 });
  player = await createAccount(shop.app, shop.config, 'player');
  await fund(shop, player.id, 10_000);
});
afterAll(() => world?.close());

const buy = async (productId: number, quantity = 1) => {
  const reply = await shop.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: player.headers,
    payload: { productId, serverId, quantity },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  await shop.app.delivery.worker.kick();
  return reply.json().orderId as string;
};
const buyCart = async (lines: Array<[number, number]>) => {
  for (const [productId, quantity] of lines) {
    await shop.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: player.headers,
      payload: { productId, quantity },
    });
  }
  const reply = await shop.app.inject({
    method: 'POST',
    url: '/api/cart/purchase',
    headers: player.headers,
    payload: { serverId },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  await shop.app.delivery.worker.kick();
  return reply.json().orderId as string;
};
/** What was not given yet comes back: the items waiting for their player. */
const refund = async (orderId: string) => {
  const reply = await shop.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refund`,
    headers: world.admin.headers,
  });
  expect(reply.statusCode, reply.body).toBe(200);
};
const revenueByWipe = async () => {
  const reply = await shop.app.inject({
    url: `/api/admin/revenue-by-wipe?serverId=${serverId}`,
    headers: world.admin.headers,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
};

describe('revenue by wipe', () => {
  it('counts each period’s paid orders less refunds, with its top products, newest first', async () => {
    // The save the server runs on when it is added is its first known wipe.
    const first = await revenueByWipe();
    expect(first).toEqual({
      serverId,
      periods: [
        {
          startedAt: game.saveCreatedAt.toISOString(),
          endedAt: null,
          revenue: 0,
          orders: 0,
          topProducts: [],
        },
      ],
    });

    await buy(ids.armor);
    await buy(ids.kit, 2);
    await refund(await buy(ids.wood)); // refunded in full: counts for nothing
    await new Promise((resolve) => setTimeout(resolve, 1_010 - (Date.now() % 1_000)));
    const wiped = game.wipe();
    await shop.app.servers.monitor.pollNow();

    await buy(ids.kit);
    // Armor given, the wood waits for its player and is refunded: 130 paid, 30 back.
    await refund(
      await buyCart([
        [ids.armor, 1],
        [ids.wood, 1],
      ]),
    );

    const { periods } = await revenueByWipe();
    expect(periods).toEqual([
      {
        startedAt: wiped.toISOString(),
        endedAt: null,
        revenue: 150,
        orders: 2,
        topProducts: [
          { productId: ids.armor, name: 'Armor', revenue: 100, quantity: 1 },
          { productId: ids.kit, name: 'Kit', revenue: 50, quantity: 1 },
        ],
      },
      {
        startedAt: first.periods[0].startedAt,
        endedAt: wiped.toISOString(),
        revenue: 200,
        orders: 2,
        topProducts: [
          { productId: ids.armor, name: 'Armor', revenue: 100, quantity: 1 },
          { productId: ids.kit, name: 'Kit', revenue: 100, quantity: 2 },
        ],
      },
    ]);
  });

  it('counts the same money the overview counts', async () => {
    const { periods } = await revenueByWipe();
    const overview = (
      await shop.app.inject({ url: '/api/admin/revenue-stats', headers: world.admin.headers })
    ).json();
    const byWipe = periods.reduce(
      (sum: number, period: { revenue: number }) => sum + period.revenue,
      0,
    );
    expect(byWipe).toBe(overview.total.revenue);
  });

  it('keeps at most 5 products per period', async () => {
    for (let n = 0; n < 6; n += 1) {
      const id = await addProduct(shop, world.admin.headers, {
        name: `Набор ${n}`,
        gameItemName: `kit${n}`,
        category: 'kits',
        price: 200 + n,
        commands: `oxide.usergroup add {playerId} kit${n}`,
      });
      await buy(id);
    }
    const [running] = (await revenueByWipe()).periods;
    expect(running.topProducts.map((product: { name: string }) => product.name)).toEqual([
      'Набор 5',
      'Набор 4',
      'Набор 3',
      'Набор 2',
      'Набор 1',
    ]);
  });
});
