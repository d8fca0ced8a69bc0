import type { RustSimHandle } from '@shop/rust-sim';
import { sql as sqlTag } from 'drizzle-orm';
import type { ClientToServerEvents, GiftReceivedEvent, ServerToClientEvents } from '@shop/shared';
import { readFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSteam, type FakeSteam } from '../../test-support/fake-steam';
import {
  addProduct,
  addServer,
  fund,
  startGameShop,
  type GameShop,
} from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { waitUntil } from '../../test-support/wait-until';
import { createUsersRepository } from '../users/users-repository';

const DAY = 24 * 60 * 60 * 1000;
/** Players Steam knows and the shop has never seen. */
const FRIEND = {
  steamId: '76561198000000501',
  personaname: 'Friend Online',
  colour: '#000',
  vanity: 'friend_online',
};
const CART_FRIEND = {
  steamId: '76561198000000506',
  personaname: 'Cart Friend',
  colour: '#000',
};
const STRANGER = { steamId: '76561198000000502', personaname: 'Stranger', colour: '#000' };
const VIP_FRIEND = { steamId: '76561198000000503', personaname: 'Vip Friend', colour: '#000' };
const CLAN_MATE = { steamId: '76561198000000504', personaname: 'Clan Mate', colour: '#000' };
const PLUGIN_FRIEND = {
  steamId: '76561198000000505',
  personaname: 'Plugin Friend',
  colour: '#000',
};

let steam: FakeSteam;
let world: GameShop;
let game: RustSimHandle;
let shop: TestApp;
let serverId: number;
let buyer: Awaited<ReturnType<typeof createAccount>>;
let secondBuyer: Awaited<ReturnType<typeof createAccount>>;
let rifle: number;
let socket: Socket<ServerToClientEvents, ClientToServerEvents> | undefined;

beforeAll(async () => {
  steam = await startFakeSteam();
  steam.players.push(FRIEND, CART_FRIEND, STRANGER, VIP_FRIEND, CLAN_MATE, PLUGIN_FRIEND);
  world = await startGameShop({
    env: { STEAM_API_URL: steam.apiUrl, STEAM_API_KEY: 'test-key' },
    sim: { players: [{ steamId: FRIEND.steamId, name: 'Friend Online' }] },
  });
  ({ game, shop, serverId } = world);
  buyer = await createAccount(shop.app, shop.config, 'player');
  // A name with quotes, a line break and chat tags: the in-game notice must stay one argument.
  await createUsersRepository(shop.app.db).upsertFromSteam({
    steamId: buyer.steamId,
    username: 'Kolya "Tank"\n<size=90>',
    avatar: null,
    isAdmin: undefined,
  });
  secondBuyer = await createAccount(shop.app, shop.config, 'player');
  await fund(shop, buyer.id, 5000);
  await fund(shop, secondBuyer.id, 5000);
  rifle = await addProduct(shop, world.admin.headers, {
    name: 'Калаш',
    gameItemName: 'rifle.ak',
    category: 'weapons',
    price: 250,
  });
  await shop.app.servers.monitor.pollOne(serverId);
});
afterAll(async () => {
  socket?.close();
  await world?.close();
  await steam?.close();
});

const lookUp = (query: string, headers: Record<string, string> | null = buyer.headers) =>
  shop.app.inject({
    url: `/api/gifts/recipient?query=${encodeURIComponent(query)}`,
    ...(headers ? { headers } : {}),
  });
const purchase = (
  who: { headers: Record<string, string> },
  body: Record<string, unknown>,
  key = crypto.randomUUID(),
) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: { ...who.headers, 'idempotency-key': key },
    payload: { serverId, quantity: 1, ...body },
  });
const balanceOf = async (userId: number) => (await userById(userId))?.balanceKopecks;
const userById = (id: number) => createUsersRepository(shop.app.db).findById(id);
const userBySteamId = (steamId: string) =>
  createUsersRepository(shop.app.db).findBySteamId(steamId);
const gives = (steamId: string) =>
  game.commands.filter((record) => record.message.startsWith(`inventory.giveto ${steamId} `));

describe('recipient look-up', () => {
  it('finds a player by SteamID64, profile link and custom profile link, with Steam name and presence', async () => {
    for (const query of [
      FRIEND.steamId,
      `https://steamcommunity.com/profiles/${FRIEND.steamId}/`,
      'steamcommunity.com/id/Friend_Online',
    ]) {
      const reply = await lookUp(query);
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toMatchObject({
        steamId: FRIEND.steamId,
        name: 'Friend Online',
        hasAccount: false,
        online: true,
      });
      expect(reply.json().avatar).toContain(FRIEND.steamId);
    }
    expect((await lookUp(STRANGER.steamId)).json()).toMatchObject({
      online: false,
      hasAccount: false,
    });
  });

  it('answers 404 for an unknown custom name or player, 400 for anything else or oneself, 401 signed out', async () => {
    const vanity = await lookUp('https://steamcommunity.com/id/nobody_has_this');
    expect(vanity.statusCode).toBe(404);
    expect(vanity.json().message).toBe('Игрок не найден в Steam');
    expect((await lookUp('76561198000009999')).statusCode).toBe(404);
    for (const junk of [
      'hello',
      'https://example.com/profiles/76561198000000501',
      '7656119800000050',
    ]) {
      const reply = await lookUp(junk);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe('Вставьте SteamID64 (17 цифр) или ссылку на профиль Steam');
    }
    expect((await lookUp(buyer.steamId)).json().message).toBe('Нельзя подарить самому себе');
    expect((await lookUp(FRIEND.steamId, null)).statusCode).toBe(401);
  });

  it('limits look-ups per player, not for everyone', async () => {
    const player = await createAccount(shop.app, shop.config, 'player');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1)
      statuses.push((await lookUp(STRANGER.steamId, player.headers)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await lookUp(STRANGER.steamId, secondBuyer.headers)).statusCode).toBe(200);
  });
});

describe('Steam not answering', () => {
  it('answers 503 with a clear message and creates nothing', async () => {
    const offline = await createTestApp({
      STEAM_API_URL: 'http://127.0.0.1:9',
      STEAM_API_KEY: 'test-key',
    });
    try {
      const player = await createAccount(offline.app, offline.config, 'player');
      const reply = await offline.app.inject({
        url: `/api/gifts/recipient?query=${FRIEND.steamId}`,
        headers: player.headers,
      });
      expect(reply.statusCode).toBe(503);
      expect(reply.json().message).toBe('Steam не отвечает. Попробуйте через минуту.');
      expect(
        await createUsersRepository(offline.app.db).findBySteamId(FRIEND.steamId),
      ).toBeUndefined();
    } finally {
      await offline.close();
    }
  });
});

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
      text: "Подарок от Kolya 'Tank' ‹size=90›: Калаш",
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
    const gold = await addProduct(shop, world.admin.headers, {
      name: 'VIP Gold',
      gameItemName: 'vip',
      category: 'vip',
      price: 300,
      vipTier: 'Gold',
      vipDays: 30,
    });
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

describe('gifts on a plugin server, and refunds', () => {
  let pluginServerId: number;
  let key: string;
  beforeAll(async () => {
    pluginServerId = await addServer(
      shop,
      world.admin.headers,
      { name: 'Plugin', isPluginEnabled: 1 },
      game,
    );
    const servers = (
      await shop.app.inject({ url: '/api/admin/servers', headers: world.admin.headers })
    ).json() as Array<{ id: number; pluginKey: string }>;
    key = servers.find((server) => server.id === pluginServerId)!.pluginKey;
  });

  it("puts a gift in the recipient's /store queue with the buyer's name, as the contract shows", async () => {
    const reply = await purchase(buyer, {
      productId: rifle,
      giftTo: PLUGIN_FRIEND.steamId,
      serverId: pluginServerId,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const queue = await shop.app.inject({
      url: `/api/plugin/v1/queue?steamId=${PLUGIN_FRIEND.steamId}`,
      headers: { 'x-server-key': key },
    });
    const fixture = JSON.parse(
      readFileSync(
        new URL(
          '../../../../../plugins/oxide/contract/queue-gift-response.example.json',
          import.meta.url,
        ),
        'utf8',
      ),
    );
    expect(Object.keys(queue.json().jobs[0]).sort()).toEqual(Object.keys(fixture.jobs[0]).sort());
    expect(queue.json().jobs).toEqual([
      expect.objectContaining({
        kind: 'give',
        shortname: 'rifle.ak',
        giftFrom: "Kolya 'Tank' ‹size=90›",
      }),
    ]);
    const mine = await shop.app.inject({
      url: `/api/plugin/v1/queue?steamId=${buyer.steamId}`,
      headers: { 'x-server-key': key },
    });
    expect(mine.json().jobs).toEqual([]);
  });

  it("refund of a gift takes the recipient's VIP back and credits the buyer", async () => {
    const silver = await addProduct(shop, world.admin.headers, {
      name: 'VIP Silver',
      gameItemName: 'vip',
      category: 'vip',
      price: 100,
      vipTier: 'Silver',
      vipDays: 30,
    });
    const before = await balanceOf(buyer.id);
    const gift = await purchase(buyer, {
      productId: silver,
      giftTo: PLUGIN_FRIEND.steamId,
      serverId: pluginServerId,
    });
    expect(gift.statusCode, gift.body).toBe(200);
    expect((await userBySteamId(PLUGIN_FRIEND.steamId))?.vipStatus).toBe('Silver');

    const refund = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${gift.json().orderId}/refund`,
      headers: { ...world.admin.headers, 'idempotency-key': crypto.randomUUID() },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().refunded).toBe(100);
    expect(await balanceOf(buyer.id)).toBe(before);
    const recipient = await userBySteamId(PLUGIN_FRIEND.steamId);
    expect(recipient).toMatchObject({ vipStatus: null, vipExpiresAt: null, balanceKopecks: 0 });
    const jobs = await queryRows<{ status: string; steam_id: string }>(
      shop.app.db,
      sqlTag`select status, steam_id from delivery_jobs where order_id = ${gift.json().orderId}`,
    );
    expect(jobs).toEqual([{ status: 'cancelled', steam_id: PLUGIN_FRIEND.steamId }]);
    // The revoke runs over RCON against the recipient's Steam id.
    await shop.app.delivery.worker.kick();
    await waitUntil(
      () =>
        game.commands.some(
          (record) =>
            record.message === `oxide.usergroup remove ${PLUGIN_FRIEND.steamId} vip_silver`,
        ),
      { what: 'VIP revoke' },
    );
    const refunds = await queryRows<{ user_id: number }>(
      shop.app.db,
      sqlTag`select user_id from transactions where order_id = ${gift.json().orderId} and kind = 'refund'`,
    );
    expect(refunds).toEqual([{ user_id: buyer.id }]);
  });
});
