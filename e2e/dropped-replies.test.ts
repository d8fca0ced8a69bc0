import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The web app's own API client, exactly as the browser runs it, only with Node's fetch.
import { ApiError, createApiClient, NETWORK_ERROR_MESSAGE } from '../apps/web/src/lib/api-client';
import { createMemoryTokenStorage } from '../apps/web/src/lib/token-storage';
import {
  startDroppingProxy,
  type DroppingProxy,
} from '../apps/server/src/test-support/dropping-proxy';
import {
  addProduct,
  fund,
  startGameShop,
  type GameShop,
} from '../apps/server/src/test-support/shop-fixtures';
import { createAccount } from '../apps/server/src/test-support/sign-in';

let world: GameShop;
let proxy: DroppingProxy;
let productId: number;

beforeAll(async () => {
  world = await startGameShop();
  await world.shop.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = world.shop.app.server.address() as { port: number };
  proxy = await startDroppingProxy({ host: '127.0.0.1', port });
  productId = await addProduct(world.shop, world.admin.headers, {
    name: 'Дерево',
    gameItemName: 'wood',
    price: 10,
    quantity: 1000,
  });
});
afterAll(async () => {
  await proxy?.close();
  await world?.close();
});

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await world.shop.app.db.execute(query)) as { rows: Array<{ n: string }> };
  return Number(result.rows[0]?.n);
}

/** A player with 100 ₽ and the web app's client, talking to the shop through the lossy proxy. */
async function player() {
  const account = await createAccount(world.shop.app, world.shop.config);
  await fund(world.shop, account.id, 100);
  const client = createApiClient({
    baseUrl: `${proxy.url}/api`,
    tokenStorage: createMemoryTokenStorage(account.token),
    sleep: async () => undefined,
  });
  const balance = async () =>
    count(sql`select balance_kopecks as n from users where id = ${account.id}`);
  return { account, client, balance };
}

let promoCounter = 0;
async function newPromoCode(): Promise<string> {
  promoCounter += 1;
  const code = `LOST-${promoCounter}`;
  const reply = await world.shop.app.inject({
    method: 'POST',
    url: '/api/admin/promocodes',
    headers: world.admin.headers,
    payload: { code, discount: 25, type: 'fixed', usageLimit: 100 },
  });
  expect(reply.statusCode).toBe(201);
  return code;
}

type Player = Awaited<ReturnType<typeof player>>;
interface MoneyAction {
  name: string;
  prepare(p: Player): Promise<() => Promise<unknown>>;
  /** How many times the action took effect for this player. */
  effects(p: Player): Promise<number>;
  /** The player's balance change in kopecks when it took effect once. */
  balanceChange: number;
}

const ordersOf = (p: Player) =>
  count(sql`select count(*) as n from orders where user_id = ${p.account.id}`);

const actions: MoneyAction[] = [
  {
    name: 'a purchase',
    async prepare(p) {
      const body = { productId, serverId: world.serverId, quantity: 1000 };
      return () => p.client.post('/purchase', body, { idempotent: true });
    },
    effects: ordersOf,
    balanceChange: -1000,
  },
  {
    name: 'a cart purchase',
    async prepare(p) {
      await p.client.post('/cart', { productId, quantity: 2000 });
      return () =>
        p.client.post('/cart/purchase', { serverId: world.serverId }, { idempotent: true });
    },
    effects: ordersOf,
    balanceChange: -2000,
  },
  {
    name: 'a top-up',
    async prepare(p) {
      const body = { amount: 500, method: 'kassa', email: 'player@example.com' };
      return () => p.client.post('/payments/create', body, { idempotent: true });
    },
    effects: (p) => count(sql`select count(*) as n from payments where user_id = ${p.account.id}`),
    balanceChange: 0,
  },
  {
    name: 'a promo code activation',
    async prepare(p) {
      const code = await newPromoCode();
      return () => p.client.post('/promocodes/activate', { code }, { idempotent: true });
    },
    effects: (p) =>
      count(
        sql`select count(*) as n from transactions where user_id = ${p.account.id} and kind = 'promo'`,
      ),
    balanceChange: 2500,
  },
];

describe.each(actions)('$name whose replies are lost', (action) => {
  it.each([1, 2])(
    'takes effect once when %i replies are lost, and the player sees success',
    async (lost) => {
      const p = await player();
      const act = await action.prepare(p);
      const before = await p.balance();
      proxy.dropPostReplies(lost);
      const reply = (await act()) as { success: boolean };
      expect(reply.success).toBe(true);
      expect(await action.effects(p)).toBe(1);
      expect((await p.balance()) - before).toBe(action.balanceChange);
    },
  );

  it('takes effect once when every reply is lost; pressing again shows what really happened', async () => {
    const p = await player();
    const act = await action.prepare(p);
    const before = await p.balance();
    proxy.dropPostReplies(3);
    const failure = await act().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe(NETWORK_ERROR_MESSAGE);
    expect(await action.effects(p)).toBe(1);

    const again = (await act()) as { success: boolean };
    expect(again.success).toBe(true);
    expect(await action.effects(p)).toBe(1);
    expect((await p.balance()) - before).toBe(action.balanceChange);
  });
});
