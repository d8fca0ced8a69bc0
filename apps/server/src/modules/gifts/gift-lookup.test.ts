import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGiftShop, type GiftShop } from '../../test-support/gift-shop';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createUsersRepository } from '../users/users-repository';

/** Players Steam knows and the shop has never seen. */
const FRIEND = {
  steamId: '76561198000000501',
  personaname: 'Friend Online',
  colour: '#000',
  vanity: 'friend_online',
};
const STRANGER = { steamId: '76561198000000502', personaname: 'Stranger', colour: '#000' };

let world: GiftShop;
let shop: TestApp;
let buyer: GiftShop['buyer'];
let secondBuyer: GiftShop['buyer'];
let lookUp: GiftShop['lookUp'];

beforeAll(async () => {
  world = await startGiftShop(
    [FRIEND, STRANGER],
    [{ steamId: FRIEND.steamId, name: 'Friend Online' }],
  );
  ({ shop, buyer, secondBuyer, lookUp } = world);
});
afterAll(async () => {
  await world?.close();
});

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
  it('answers 503 with a clear message and creates nothing, yet finds players with an account', async () => {
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
      // A player who has an account is still found, by the name the shop knows.
      const known = await createAccount(offline.app, offline.config, 'player');
      const byAccount = await offline.app.inject({
        url: `/api/gifts/recipient?query=${known.steamId}`,
        headers: player.headers,
      });
      expect(byAccount.statusCode, byAccount.body).toBe(200);
      expect(byAccount.json()).toMatchObject({ steamId: known.steamId, hasAccount: true });
    } finally {
      await offline.close();
    }
  });
});
