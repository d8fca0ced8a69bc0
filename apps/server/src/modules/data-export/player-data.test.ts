import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { waitUntil } from '../../test-support/wait-until';
import type { PlayerData } from './player-data-schema';

/**
 * A player downloads what the shop keeps about them (Профиль → Настройки «Скачать мои данные»):
 * their own purchases, the gift another player sent them, their ledger and support messages, and
 * nothing of anyone else's but the name on a gift; no token or hash.
 */
let live: GameShop;
let alice: Awaited<ReturnType<typeof createAccount>>;
let bob: Awaited<ReturnType<typeof createAccount>>;
let productId: number;

const buy = (who: typeof alice, body: Record<string, unknown> = {}) =>
  live.shop.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: { ...who.headers, 'idempotency-key': randomUUID() },
    payload: { productId, serverId: live.serverId, quantity: 1, ...body },
  });
const download = (headers: Record<string, string> = {}) =>
  live.shop.app.inject({ method: 'GET', url: '/api/profile/data', headers });

beforeAll(async () => {
  live = await startGameShop();
  productId = await addProduct(live.shop, live.admin.headers, { name: 'Дерево', price: 5 });
  alice = await createAccount(live.shop.app, live.shop.config);
  bob = await createAccount(live.shop.app, live.shop.config);
  await fund(live.shop, alice.id, 100);
  await fund(live.shop, bob.id, 100);
  live.game.addPlayer({ steamId: alice.steamId, name: 'Alice' });
});
afterAll(async () => live?.close());

describe("a player's own data", () => {
  it('holds their purchases, the gift they got, their ledger and chat, and no one else’s', async () => {
    const own = await buy(alice);
    expect(own.statusCode).toBe(200);
    const { orderId } = own.json<{ orderId: string }>();
    await live.shop.app.delivery.worker.kick();
    const gift = await buy(bob, { giftTo: alice.steamId, giftMessage: 'С вайпом!' });
    expect(gift.statusCode).toBe(200);
    const giftOrder = gift.json<{ orderId: string }>().orderId;
    const said = await live.shop.app.inject({
      method: 'POST',
      url: '/api/chat/send',
      headers: alice.headers,
      payload: { userId: String(alice.id), username: 'Alice', message: 'Где мой калаш?' },
    });
    expect(said.statusCode).toBe(200);
    await waitUntil(async () => {
      const orders = await live.shop.app.inject({ url: '/api/orders', headers: alice.headers });
      return orders.json<Array<{ isDelivered: boolean }>>()[0]?.isDelivered === true;
    });

    const reply = await download(alice.headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="my-data-${alice.steamId}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(reply.headers['cache-control']).toBe('no-store');
    const data = reply.json<PlayerData>();
    expect(data.account).toMatchObject({ steamId: alice.steamId, balance: 95, purchases: 1 });
    expect(data.orders).toEqual([
      expect.objectContaining({
        id: orderId,
        total: 5,
        server: 'Classic',
        giftTo: null,
        items: [{ name: 'Дерево', quantity: 1, price: 5, total: 5, delivery: 'delivered' }],
      }),
    ]);
    expect(data.giftsReceived).toEqual([
      expect.objectContaining({ orderId: giftOrder, message: 'С вайпом!', items: ['Дерево'] }),
    ]);
    // The ledger adds up to the balance.
    const completed = data.ledger.filter((row) => row.status === 'completed');
    expect(completed.reduce((sum, row) => sum + row.amount, 0)).toBeCloseTo(95, 2);
    expect(data.supportChat).toEqual([
      expect.objectContaining({ from: 'player', text: 'Где мой калаш?' }),
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    const whole = reply.body;
    expect(whole).not.toContain(alice.token);
    expect(whole).not.toContain(bob.token);
    expect(whole).not.toContain(bob.steamId);

    // The giver's copy names the recipient of the gift, and has no gift received.
    const bobs = (await download(bob.headers)).json<PlayerData>();
    expect(bobs.orders).toEqual([
      expect.objectContaining({
        id: giftOrder,
        giftTo: { steamId: alice.steamId, username: expect.any(String) },
        giftMessage: 'С вайпом!',
      }),
    ]);
    expect(bobs.giftsReceived).toEqual([]);
    expect(bobs.supportChat).toEqual([]);
  });

  it('is refused without a session, and a few times a minute at most', async () => {
    expect((await download()).statusCode).toBe(401);
    const carol = await createAccount(live.shop.app, live.shop.config);
    const statuses = [];
    for (let index = 0; index < 4; index += 1)
      statuses.push((await download(carol.headers)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
