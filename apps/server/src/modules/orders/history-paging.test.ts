import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy } from '../../test-support/purchase-rows';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';

/**
 * Issue 36: `GET /api/orders` and `GET /api/transactions` stopped at the latest 100 orders and 200
 * ledger rows. Both are paged now (`?before=<id>&limit=`), and a regular buyer reaches every order.
 */
const ORDERS = 500;
let world: GameShop;
let player: Awaited<ReturnType<typeof createAccount>>;
let other: Awaited<ReturnType<typeof createAccount>>;
let placed: string[];

beforeAll(async () => {
  // The plugin delivers: nothing is given while the test reads, and no worker wakes per purchase.
  world = await startGameShop({
    server: { name: 'Plugin', isPluginEnabled: 1 },
    // A regular buyer's months of purchases, made here in seconds.
    env: { PURCHASE_LIMIT_PER_MINUTE: '10000' },
  });
  const { shop, admin, serverId } = world;
  player = await createAccount(shop.app, shop.config, 'player');
  other = await createAccount(shop.app, shop.config, 'player');
  await fund(shop, player.id, ORDERS);
  await fund(shop, other.id, 10);
  const productId = await addProduct(shop, admin.headers, { name: 'Бинт', price: 1 });
  placed = [];
  for (let index = 0; index < ORDERS; index += 1) {
    const reply = await buy(shop.app, player.headers, { productId, serverId, quantity: 1 });
    expect(reply.statusCode, reply.body).toBe(200);
    placed.push(reply.json<{ orderId: string }>().orderId);
  }
  await buy(shop.app, other.headers, { productId, serverId, quantity: 1 });
}, 120_000);
afterAll(() => world?.close());

async function page<T extends { id: string | number }>(
  path: string,
  headers: { authorization: string },
  query: Record<string, string | number> = {},
) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const reply = await world.shop.app.inject({ url: `${path}?${search.toString()}`, headers });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<T[]>();
}

/** Every page from the newest, each asked for after the last row of the one before. */
async function everyPage<T extends { id: string | number }>(
  path: string,
  limit?: number,
): Promise<{ rows: T[]; sizes: number[] }> {
  const rows: T[] = [];
  const sizes: number[] = [];
  for (;;) {
    const last = rows.at(-1);
    const next = await page<T>(path, player.headers, {
      ...(last ? { before: last.id } : {}),
      ...(limit ? { limit } : {}),
    });
    sizes.push(next.length);
    rows.push(...next);
    if (next.length === 0 || sizes.length > 100) return { rows, sizes };
  }
}

describe("a player's whole history, a page at a time", () => {
  it('reaches every one of 500 orders, newest first, 100 a page unless asked', async () => {
    const first = await page<{ id: string }>('/api/orders', player.headers);
    expect(first).toHaveLength(100);

    const { rows, sizes } = await everyPage<{ id: string }>('/api/orders');
    expect(sizes).toEqual([100, 100, 100, 100, 100, 0]);
    expect(rows.map((order) => order.id)).toEqual([...placed].reverse());

    const small = await everyPage<{ id: string }>('/api/orders', 7);
    expect(small.rows.map((order) => order.id)).toEqual([...placed].reverse());
    expect(small.sizes.at(-2)).toBe(ORDERS % 7);
  });

  it('reaches every ledger row, 200 a page unless asked', async () => {
    const { rows, sizes } = await everyPage<{ id: number; amount: number }>('/api/transactions');
    // 500 purchases and the credit that paid for them.
    expect(sizes).toEqual([200, 200, 101, 0]);
    expect(new Set(rows.map((row) => row.id)).size).toBe(ORDERS + 1);
    expect(rows.at(-1)?.amount).toBe(ORDERS);
    expect(rows.map((row) => row.id)).toEqual([...rows.map((row) => row.id)].sort((a, b) => b - a));
  });

  it("gives nothing after another player's row, and refuses a malformed page", async () => {
    const theirs = await page<{ id: string }>('/api/orders', other.headers);
    expect(await page('/api/orders', player.headers, { before: theirs[0]!.id })).toEqual([]);
    for (const query of ['limit=0', 'limit=201', 'limit=abc', 'before=123']) {
      const reply = await world.shop.app.inject({
        url: `/api/orders?${query}`,
        headers: player.headers,
      });
      expect(reply.statusCode, query).toBe(400);
    }
    const tooMany = await world.shop.app.inject({
      url: '/api/transactions?limit=501',
      headers: player.headers,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('limit: целое число от 1 до 500');
  });
});
