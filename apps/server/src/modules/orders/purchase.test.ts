import { startRustSim, type RustSimHandle } from '@shop/rust-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum } from '../ledger/ledger';
import { addProduct, addServer, fund } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let shop: TestApp;
let admin: Awaited<ReturnType<typeof createAccount>>;
let serverId: number;
let game: RustSimHandle;

beforeAll(async () => {
  game = await startRustSim({ consoleIntervalMs: null, chatIntervalMs: null });
  shop = await createTestApp();
  admin = await createAccount(shop.app, shop.config, 'admin');
  serverId = await addServer(shop, admin.headers, { name: 'Main' }, game);
});
afterAll(async () => {
  await shop?.close();
  await game?.close();
});

const buy = (headers: { authorization: string }, payload: Record<string, unknown>) =>
  shop.app.inject({ method: 'POST', url: '/api/purchase', headers, payload });
const profile = async (headers: { authorization: string }) =>
  (await shop.app.inject({ url: '/api/auth/profile', headers })).json();

describe('purchase', () => {
  it('debits price × stacks, records the order and its delivery, and updates the buyer', async () => {
    const player = await createAccount(shop.app, shop.config);
    await fund(shop, player.id, 1000);
    const ammo = await addProduct(shop, admin.headers, {
      name: 'Патроны',
      gameItemName: 'ammo.rifle',
      price: 39.5,
      quantity: 128,
    });
    const reply = await buy(player.headers, { productId: ammo, serverId, quantity: 256 });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ success: true, balance: 921 });
    expect(await profile(player.headers)).toMatchObject({
      balance: 921,
      totalSpent: 79,
      purchasesCount: 1,
    });
    const [order] = (await shop.app.inject({ url: '/api/orders', headers: player.headers })).json();
    expect(order).toMatchObject({
      total: 79,
      serverId,
      serverName: 'Main',
      status: 'pending',
      isDelivered: false,
      items: [{ name: 'Патроны', quantity: 256 }],
      delivery: { method: 'rcon' },
    });
    // The purchase wakes the delivery worker at once; this player is not in the game.
    expect(['pending', 'sending']).toContain(order.delivery.status);
    expect(await ledgerSum(shop.app.db, player.id)).toBe(92_100);
  });

  it('refuses what the specification forbids, with clear messages, and charges nothing', async () => {
    const player = await createAccount(shop.app, shop.config);
    const someoneElse = await createAccount(shop.app, shop.config);
    await fund(shop, player.id, 10_000);
    const wood = await addProduct(shop, admin.headers, { name: 'Дерево', quantity: 1000 });
    const hidden = await addProduct(shop, admin.headers, { name: 'Скрытый', isActive: false });
    const soldOut = await addProduct(shop, admin.headers, {
      name: 'Нет в наличии',
      inStock: false,
    });
    const gift = await addProduct(shop, admin.headers, {
      name: 'Мумия',
      personalUserId: someoneElse.id,
    });
    const otherServer = await addServer(shop, admin.headers, { name: 'Other' }, game);
    const onlyOther = await addProduct(shop, admin.headers, {
      name: 'Только Other',
      server: String(otherServer),
    });
    const offline = await addServer(shop, admin.headers, { name: 'Offline' });
    const hiddenServer = await addServer(shop, admin.headers, {
      name: 'Hidden',
      isPluginEnabled: 2,
    });

    const cases: Array<[Record<string, unknown>, number, string]> = [
      [
        { productId: wood, serverId, quantity: 1500 },
        400,
        'Количество должно быть кратно 1000, от 1000 до 10000 (Дерево)',
      ],
      [
        { productId: wood, serverId, quantity: 11000 },
        400,
        'Количество должно быть кратно 1000, от 1000 до 10000 (Дерево)',
      ],
      [
        { productId: wood, serverId, quantity: 0 },
        400,
        'Количество должно быть больше 0 (минимум 1 стак).',
      ],
      [{ productId: hidden, serverId, quantity: 1 }, 400, 'Товар недоступен для покупки.'],
      [{ productId: soldOut, serverId, quantity: 1 }, 400, 'Товар недоступен для покупки.'],
      [{ productId: 999_999, serverId, quantity: 1 }, 400, 'Товар недоступен для покупки.'],
      [{ productId: gift, serverId, quantity: 1 }, 403, 'Нет доступа: Личный подарок!'],
      [
        { productId: onlyOther, serverId, quantity: 1 },
        400,
        'Этот товар не продаётся для выбранного сервера',
      ],
      [
        { productId: wood, serverId: offline, quantity: 1000 },
        400,
        'Сервер сейчас недоступен. Выберите другой сервер или попробуйте позже.',
      ],
      [
        { productId: wood, serverId: hiddenServer, quantity: 1000 },
        400,
        'Этот сервер не принимает покупки',
      ],
      [{ productId: wood, serverId: 999_999, quantity: 1000 }, 404, 'Сервер не найден'],
      [{ productId: wood, quantity: 1000 }, 400, 'Выберите сервер'],
    ];
    for (const [payload, status, message] of cases) {
      const reply = await buy(player.headers, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(status);
      expect(reply.json().message).toBe(message);
    }
    expect((await profile(player.headers)).balance).toBe(10_000);
    expect((await shop.app.inject({ url: '/api/orders', headers: player.headers })).json()).toEqual(
      [],
    );
    expect(
      (await buy(someoneElse.headers, { productId: gift, serverId, quantity: 1 })).statusCode,
    ).toBe(400);
  });

  it('lets 50 concurrent purchases against a balance for exactly 10 make 10 orders and no overdraft', async () => {
    const player = await createAccount(shop.app, shop.config);
    await fund(shop, player.id, 100);
    const stone = await addProduct(shop, admin.headers, {
      name: 'Камень',
      gameItemName: 'stones',
      price: 10,
    });
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        buy(player.headers, { productId: stone, serverId, quantity: 1 }),
      ),
    );
    const ok = replies.filter((reply) => reply.statusCode === 200);
    const refused = replies.filter((reply) => reply.statusCode === 400);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(refused.every((reply) => reply.json().message === 'Недостаточно средств')).toBe(true);
    expect((await profile(player.headers)).balance).toBe(0);
    expect(await ledgerSum(shop.app.db, player.id)).toBe(0);
    const orders = (await shop.app.inject({ url: '/api/orders', headers: player.headers })).json();
    expect(orders).toHaveLength(10);
  });

  it('remembers the server a player buys for most as the favourite', async () => {
    const player = await createAccount(shop.app, shop.config);
    await fund(shop, player.id, 100);
    const second = await addServer(shop, admin.headers, { name: 'Любимый' }, game);
    const stone = await addProduct(shop, admin.headers, { name: 'Камень 2', price: 1 });
    await buy(player.headers, { productId: stone, serverId, quantity: 1 });
    await buy(player.headers, { productId: stone, serverId: second, quantity: 1 });
    await buy(player.headers, { productId: stone, serverId: second, quantity: 1 });
    expect((await profile(player.headers)).favoriteServer).toBe('Любимый');
  });
});
