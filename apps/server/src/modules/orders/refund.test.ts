import type { RustSimHandle } from '@shop/rust-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum } from '../ledger/ledger';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import type { TestApp } from '../../test-support/test-app';
import { waitUntil } from '../../test-support/wait-until';

const BANDIT = '76561198000000002';
let world: GameShop;
let game: RustSimHandle;
let shop: TestApp;
let admin: Awaited<ReturnType<typeof createAccount>>;
let player: Awaited<ReturnType<typeof createAccount>>;
let serverId: number;

beforeAll(async () => {
  world = await startGameShop();
  ({ game, shop, admin, serverId } = world);
  player = await createAccount(shop.app, shop.config, 'player', BANDIT);
  await fund(shop, player.id, 1000);
});
afterAll(() => world?.close());

const balance = async () =>
  (await shop.app.inject({ url: '/api/auth/profile', headers: player.headers })).json()
    .balance as number;
const refund = (orderId: string) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refund`,
    headers: admin.headers,
  });
const orderOf = async (orderId: string) =>
  (await shop.app.inject({ url: '/api/orders', headers: player.headers }))
    .json()
    .find((order: { id: string }) => order.id === orderId);

async function settled(orderId: string) {
  await shop.app.delivery.worker.kick();
  await waitUntil(
    async () => {
      const order = await orderOf(orderId);
      return order.deliveries.every(
        (d: { status: string }) => d.status === 'delivered' || d.status === 'failed',
      );
    },
    { what: 'deliveries settled' },
  );
}

describe('refunds', () => {
  it('returns the cost of a failed delivery once, however many refunds arrive at once', async () => {
    const bogus = await addProduct(shop, admin.headers, {
      name: 'Несуществующий',
      gameItemName: 'no.such.item',
      price: 40,
    });
    const before = await balance();
    const { orderId } = (
      await shop.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: player.headers,
        payload: { productId: bogus, serverId, quantity: 1 },
      })
    ).json();
    await settled(orderId);
    const failed = await orderOf(orderId);
    expect(failed.deliveries[0]).toMatchObject({
      status: 'failed',
      reason: 'Игра не знает такого предмета: проверьте shortname товара',
    });
    expect(await balance()).toBe(before - 40);

    const replies = await Promise.all(Array.from({ length: 5 }, () => refund(orderId)));
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    expect(
      replies
        .filter((reply) => reply.statusCode === 409)
        .every(
          (reply) =>
            reply.json().message ===
            'Возвращать нечего сейчас: всё выдано или уже возвращено, либо выдача ещё идёт или ждёт сохранения мира',
        ),
    ).toBe(true);
    expect(replies.find((reply) => reply.statusCode === 200)?.json()).toEqual({
      success: true,
      refunded: 40,
      message: 'Возвращено 40 ₽ на баланс игрока',
    });
    expect(await balance()).toBe(before);
    expect(await ledgerSum(shop.app.db, player.id)).toBe(before * 100);
    expect(await orderOf(orderId)).toMatchObject({
      status: 'cancelled',
      isDelivered: false,
      delivery: { status: 'cancelled' },
    });
    const rows = await queryRows<{ n: number }>(
      shop.app.db,
      sql`select count(*)::int as n from transactions where order_id = ${orderId} and kind = 'refund'`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('refunds only the part of a cart that was not given, and completes the rest', async () => {
    const wood = await addProduct(shop, admin.headers, {
      name: 'Дерево',
      gameItemName: 'wood',
      quantity: 1000,
      price: 25,
    });
    const bogus = await addProduct(shop, admin.headers, {
      name: 'Брак',
      gameItemName: 'broken.item',
      price: 60,
    });
    for (const productId of [wood, bogus]) {
      await shop.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: player.headers,
        payload: { productId, quantity: productId === wood ? 1000 : 1 },
      });
    }
    const before = await balance();
    const { orderId } = (
      await shop.app.inject({
        method: 'POST',
        url: '/api/cart/purchase',
        headers: player.headers,
        payload: { serverId },
      })
    ).json();
    await settled(orderId);
    expect(await balance()).toBe(before - 85);
    expect((await refund(orderId)).json().refunded).toBe(60);
    expect(await balance()).toBe(before - 25);
    expect(await orderOf(orderId)).toMatchObject({ status: 'completed', isDelivered: true });
    expect(game.gifts(BANDIT).some((gift) => gift.shortname === 'wood')).toBe(true);
  });

  it('pays back only the stacks a partly given delivery did not give', async () => {
    const wood = await addProduct(shop, admin.headers, {
      name: 'Дерево ×3',
      gameItemName: 'wood',
      quantity: 1000,
      price: 25,
    });
    game.setFreeSlots(BANDIT, 1);
    const before = await balance();
    const { orderId } = (
      await shop.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: player.headers,
        payload: { productId: wood, serverId, quantity: 3000 },
      })
    ).json();
    await shop.app.delivery.worker.kick();
    await waitUntil(
      async () => (await orderOf(orderId)).deliveries[0].reason?.startsWith('Инвентарь полон'),
      { what: 'inventory full' },
    );
    expect((await refund(orderId)).json().refunded).toBe(50);
    expect(await balance()).toBe(before - 25);
    expect(await orderOf(orderId)).toMatchObject({ status: 'completed', isDelivered: true });
    game.setFreeSlots(BANDIT, null);
  });

  it('charges once when the same cart is bought twice at the same moment', async () => {
    const stones = await addProduct(shop, admin.headers, {
      name: 'Камень дубль',
      gameItemName: 'stones',
      price: 7,
    });
    await shop.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: player.headers,
      payload: { productId: stones, quantity: 1 },
    });
    const before = await balance();
    const checkout = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/cart/purchase',
        headers: player.headers,
        payload: { serverId },
      });
    const replies = await Promise.all([checkout(), checkout()]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 400]);
    expect(replies.find((reply) => reply.statusCode === 400)?.json().message).toBe('Корзина пуста');
    expect(await balance()).toBe(before - 7);
  });

  it('refuses to refund what was delivered, an unknown order and a malformed id', async () => {
    const stones = await addProduct(shop, admin.headers, {
      name: 'Камень',
      gameItemName: 'stones',
      price: 5,
    });
    const { orderId } = (
      await shop.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: player.headers,
        payload: { productId: stones, serverId, quantity: 1 },
      })
    ).json();
    await settled(orderId);
    expect((await refund(orderId)).statusCode).toBe(409);
    expect((await refund('00000000-0000-4000-8000-000000000000')).json()).toEqual({
      error: 'not_found',
      message: 'Заказ не найден',
    });
    expect((await refund('not-a-uuid')).statusCode).toBe(400);
  });
});
