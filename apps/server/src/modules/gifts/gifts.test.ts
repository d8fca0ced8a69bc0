import type { RustSimHandle } from '@shop/rust-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGiftShop, type GiftShop } from '../../test-support/gift-shop';
import { createAccount } from '../../test-support/sign-in';
import { sql as sqlTag } from 'drizzle-orm';
import type { ClientToServerEvents, GiftReceivedEvent, ServerToClientEvents } from '@shop/shared';
import { io, type Socket } from 'socket.io-client';
import { addProduct, addVipProduct } from '../../test-support/shop-fixtures';
import { queryRows } from '../../test-support/sql';
import type { TestApp } from '../../test-support/test-app';
import { waitUntil } from '../../test-support/wait-until';
import { createUsersRepository } from '../users/users-repository';

const DAY = 24 * 60 * 60 * 1000;
/** Players Steam knows and the shop has never seen. */
const FRIEND = { steamId: '76561198000000501', personaname: 'Friend Online', colour: '#000' };
const STRANGER = { steamId: '76561198000000502', personaname: 'Stranger', colour: '#000' };
const VIP_FRIEND = { steamId: '76561198000000503', personaname: 'Vip Friend', colour: '#000' };
const CLAN_MATE = { steamId: '76561198000000504', personaname: 'Clan Mate', colour: '#000' };
const CART_FRIEND = { steamId: '76561198000000506', personaname: 'Cart Friend', colour: '#000' };

let world: GiftShop;
let shop: TestApp;
let game: RustSimHandle;
let serverId: number;
let buyer: GiftShop['buyer'];
let secondBuyer: GiftShop['buyer'];
let rifle: number;
let lookUp: GiftShop['lookUp'];
let purchase: GiftShop['purchase'];
let socket: Socket<ServerToClientEvents, ClientToServerEvents> | undefined;

beforeAll(async () => {
  world = await startGiftShop(
    [FRIEND, STRANGER, VIP_FRIEND, CLAN_MATE, CART_FRIEND],
    [{ steamId: FRIEND.steamId, name: 'Friend Online' }],
  );
  ({ shop, game, serverId, buyer, secondBuyer, rifle, lookUp, purchase } = world);
});
afterAll(async () => {
  socket?.close();
  await world?.close();
});

const users = () => createUsersRepository(shop.app.db);
const userById = (id: number) => users().findById(id);
const userBySteamId = (steamId: string) => users().findBySteamId(steamId);
const balanceOf = async (userId: number) => (await userById(userId))?.balanceKopecks;
const gives = (steamId: string) =>
  game.commands.filter((record) => record.message.startsWith(`inventory.giveto ${steamId} `));

describe('gift purchase', () => {
  it('delivers to a never-signed-in recipient by profile link, charges the buyer, and tells both', async () => {
    const before = await balanceOf(buyer.id);
    const found = (await lookUp(`https://steamcommunity.com/profiles/${FRIEND.steamId}`)).json();
    const reply = await purchase(buyer, {
      productId: rifle,
      giftTo: found.steamId,
      giftMessage: '  С вайпом, бро! "GL"  ',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().gift).toEqual({ steamId: FRIEND.steamId, name: 'Friend Online' });

    // The account exists now, named as Steam names them, with nothing on it.
    const recipient = await userBySteamId(FRIEND.steamId);
    expect(recipient).toMatchObject({ username: 'Friend Online', balanceKopecks: 0 });
    // The buyer paid, through the ledger, as for any purchase; the recipient paid nothing.
    expect(await balanceOf(buyer.id)).toBe(before! - 25_000);
    const ledger = await queryRows<{ user_id: number; kind: string; amount_kopecks: string }>(
      shop.app.db,
      sqlTag`select user_id, kind, amount_kopecks from transactions where order_id = ${reply.json().orderId}`,
    );
    expect(ledger).toEqual([
      { user_id: buyer.id, kind: 'purchase', amount_kopecks: expect.anything() },
    ]);
    expect(Number(ledger[0]?.amount_kopecks)).toBe(-25_000);

    await waitUntil(() => gives(FRIEND.steamId).length === 1, { what: 'give to the recipient' });
    expect(gives(buyer.steamId)).toHaveLength(0);
    await waitUntil(() => game.notices.length === 1, { what: 'in-game notice' });
    expect(game.notices[0]).toEqual({
      steamId: FRIEND.steamId,
      text: "Подарок от Kolya 'Tank' ‹size=90›: Калаш — «С вайпом, бро! 'GL'»",
    });

    const orders = (await shop.app.inject({ url: '/api/orders', headers: buyer.headers })).json();
    expect(orders[0]).toMatchObject({
      id: reply.json().orderId,
      userId: buyer.id,
      gift: { steamId: FRIEND.steamId, name: 'Friend Online', message: 'С вайпом, бро! "GL"' },
    });

    // The recipient signs in later: the gift is in their «Подарки», not in their orders.
    const signedIn = await createAccount(shop.app, shop.config, 'player', FRIEND.steamId);
    expect(signedIn.id).toBe(recipient?.id);
    const gifts = (await shop.app.inject({ url: '/api/gifts', headers: signedIn.headers })).json();
    expect(gifts).toEqual([
      expect.objectContaining({
        orderId: reply.json().orderId,
        from: { name: 'Kolya "Tank"\n<size=90>', avatar: null },
        message: 'С вайпом, бро! "GL"',
        items: [expect.objectContaining({ name: 'Калаш', quantity: 1 })],
        delivery: { status: 'delivered', reason: null, method: 'rcon' },
      }),
    ]);
    expect(
      (await shop.app.inject({ url: '/api/orders', headers: signedIn.headers })).json(),
    ).toEqual([]);
    expect((await shop.app.inject({ url: '/api/gifts', headers: buyer.headers })).json()).toEqual(
      [],
    );
    expect((await shop.app.inject({ url: '/api/gifts' })).statusCode).toBe(401);
  });

  it('refuses a gift to oneself, to nobody Steam knows, and a bad message, charging nothing', async () => {
    const before = await balanceOf(buyer.id);
    const self = await purchase(buyer, { productId: rifle, giftTo: buyer.steamId });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('Нельзя подарить самому себе');
    expect(
      (await purchase(buyer, { productId: rifle, giftTo: '76561198000009998' })).statusCode,
    ).toBe(404);
    const control = await purchase(buyer, {
      productId: rifle,
      giftTo: STRANGER.steamId,
      giftMessage: 'a\u0000b',
    });
    expect(control.statusCode).toBe(400);
    const long = await purchase(buyer, {
      productId: rifle,
      giftTo: STRANGER.steamId,
      giftMessage: 'x'.repeat(201),
    });
    expect(long.statusCode).toBe(400);
    expect(await balanceOf(buyer.id)).toBe(before);
    expect(await userBySteamId('76561198000009998')).toBeUndefined();
    expect(await userBySteamId(STRANGER.steamId)).toBeUndefined();
  });

  it('grants VIP to the recipient (two 30-day gifts make 60 days), never to the buyer', async () => {
    const gold = await addVipProduct(shop, world.admin.headers);
    const start = Date.now();
    expect(
      (await purchase(buyer, { productId: gold, giftTo: VIP_FRIEND.steamId })).statusCode,
    ).toBe(200);
    expect(
      (await purchase(secondBuyer, { productId: gold, giftTo: VIP_FRIEND.steamId })).statusCode,
    ).toBe(200);
    const recipient = await userBySteamId(VIP_FRIEND.steamId);
    expect(recipient?.vipStatus).toBe('Gold');
    expect(recipient!.vipExpiresAt!.getTime() - start).toBeGreaterThan(60 * DAY - 60_000);
    expect(
      (await shop.app.inject({ url: '/api/auth/profile', headers: buyer.headers })).json()
        .vipStatus,
    ).toBe('no VIP');
    await waitUntil(() => game.groups.get('vip_gold')?.has(VIP_FRIEND.steamId) ?? false, {
      what: 'VIP group',
    });
    expect(game.groups.get('vip_gold')?.has(buyer.steamId) ?? false).toBe(false);
  });

  it('delivers concurrent gifts from two buyers to one new recipient once each, with one account', async () => {
    game.addPlayer({ steamId: CLAN_MATE.steamId, name: 'Clan Mate' });
    const replies = await Promise.all([
      purchase(buyer, { productId: rifle, giftTo: CLAN_MATE.steamId }),
      purchase(secondBuyer, { productId: rifle, giftTo: CLAN_MATE.steamId }),
    ]);
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
    const accounts = await queryRows(
      shop.app.db,
      sqlTag`select id from users where steam_id = ${CLAN_MATE.steamId}`,
    );
    expect(accounts).toHaveLength(1);
    await shop.app.delivery.worker.kick();
    await waitUntil(() => gives(CLAN_MATE.steamId).length === 2, { what: 'both gifts' });
    await shop.app.delivery.worker.kick();
    expect(gives(CLAN_MATE.steamId)).toHaveLength(2);
    expect(game.gifts(CLAN_MATE.steamId)).toHaveLength(2);
  });
});

describe('gift of a whole cart, told live', () => {
  it('buys the cart for a signed-in recipient, whose open tab hears of it at once', async () => {
    const recipient = await createAccount(shop.app, shop.config, 'player', CART_FRIEND.steamId);
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const address = shop.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    socket = io(`http://127.0.0.1:${address.port}`, {
      transports: ['websocket'],
      reconnection: false,
    });
    const joined = new Promise((resolve) => socket!.once('joined', resolve));
    socket.emit('join', { userId: recipient.id, token: recipient.token });
    await joined;
    const heard = new Promise<GiftReceivedEvent>((resolve) =>
      socket!.once('giftReceived', resolve),
    );

    const stone = await addProduct(shop, world.admin.headers, {
      name: 'Камень',
      gameItemName: 'stones',
      quantity: 1000,
      price: 20,
    });
    for (const productId of [rifle, stone]) {
      const put = await shop.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: secondBuyer.headers,
        payload: { productId, quantity: productId === stone ? 1000 : 1 },
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    const reply = await shop.app.inject({
      method: 'POST',
      url: '/api/cart/purchase',
      headers: { ...secondBuyer.headers, 'idempotency-key': crypto.randomUUID() },
      payload: { serverId, giftTo: CART_FRIEND.steamId, giftMessage: 'На вайп' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().message).toContain(
      `Подарок для ${(await userById(recipient.id))!.username}.`,
    );
    expect(await heard).toEqual({
      orderId: reply.json().orderId,
      from: (await userById(secondBuyer.id))!.username,
      message: 'На вайп',
      items: expect.arrayContaining(['Калаш', 'Камень']),
    });
    const jobs = await queryRows<{ steam_id: string; user_id: number }>(
      shop.app.db,
      sqlTag`select steam_id, user_id from delivery_jobs where order_id = ${reply.json().orderId}`,
    );
    expect(jobs).toEqual([
      { steam_id: CART_FRIEND.steamId, user_id: recipient.id },
      { steam_id: CART_FRIEND.steamId, user_id: recipient.id },
    ]);
    const cart = await shop.app.inject({ url: '/api/cart', headers: secondBuyer.headers });
    expect(cart.json().items).toEqual([]);
  });
});
