import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/execute';
import { startMessengerShop, type MessengerShop } from '../../test-support/messenger-shop';
import { addProduct, fund } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { linkByDeepLink, widgetPayload } from '../../test-support/telegram-accounts';
import { BOT_MESSAGES } from './telegram-bot';
import { TELEGRAM_LINK_MESSAGES } from './telegram-links';

let world: MessengerShop;
const app = () => world.app();
const lastSaid = (chatId: number) => world.telegram.state.sent(chatId).at(-1)?.text ?? '';

beforeAll(async () => {
  world = await startMessengerShop();
});
afterAll(() => world?.close());

const linkView = async (headers: { authorization: string }) =>
  (await app().inject({ url: '/api/telegram/link', headers })).json();

describe('linking Telegram', () => {
  it('by the Login Widget: a wrong hash or an old auth_date links nothing; a good one links', async () => {
    const player = await createAccount(app(), world.shop.config);
    const person = { id: 7001, first_name: 'Коля', username: 'kolya' };
    const good = widgetPayload(person);
    const post = (payload: object) =>
      app().inject({ method: 'POST', url: '/api/telegram/link', headers: player.headers, payload });

    const forged = await post({ ...good, username: 'admin' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(TELEGRAM_LINK_MESSAGES.badHash);
    const old = await post(widgetPayload(person, Math.floor(Date.now() / 1000) - 2 * 86_400));
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(TELEGRAM_LINK_MESSAGES.tooOld);
    // A real bot: the profile may show the Login Widget for it.
    expect(await linkView(player.headers)).toMatchObject({
      linked: null,
      widgetBot: 'shop_test_bot',
    });

    const linked = await post(good);
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await linkView(player.headers)).linked).toMatchObject({
      telegramId: '7001',
      username: 'kolya',
    });

    // The same Telegram account cannot belong to a second shop account.
    const other = await createAccount(app(), world.shop.config);
    const taken = await app().inject({
      method: 'POST',
      url: '/api/telegram/link',
      headers: other.headers,
      payload: good,
    });
    expect(taken.statusCode).toBe(409);

    const unlink = await app().inject({
      method: 'DELETE',
      url: '/api/telegram/link',
      headers: player.headers,
    });
    expect(unlink.statusCode).toBe(200);
    expect((await linkView(player.headers)).linked).toBeNull();
  });

  it('by a one-time deep link, which works once', async () => {
    const player = await createAccount(app(), world.shop.config);
    const person = { id: 7002, first_name: 'Вася', username: 'vasya' };
    const { url, code } = await linkByDeepLink(app(), world.telegram, player.headers, person);
    expect(url).toMatch(/^https:\/\/t\.me\/shop_test_bot\?start=[A-Za-z0-9_-]{20,64}$/);
    expect((await linkView(player.headers)).linked).toMatchObject({
      telegramId: '7002',
      username: 'vasya',
    });
    expect(lastSaid(7002)).toContain('Telegram привязан');

    const thief = { id: 7003, first_name: 'Чужой' };
    world.telegram.state.userSays({ from: thief, chatId: thief.id, text: `/start ${code}` });
    await app().telegram.pollOnce();
    expect(lastSaid(7003)).toBe(TELEGRAM_LINK_MESSAGES.codeBad);
    expect((await linkView(player.headers)).linked.telegramId).toBe('7002');
    const links = await queryRows<{ n: number }>(
      app().db,
      sql`select count(*)::int as n from telegram_links where telegram_id = '7003'`,
    );
    expect(links[0]!.n).toBe(0);
  });

  it('answers /balance and /orders to a linked player, and unlinks on /unlink', async () => {
    const player = await createAccount(app(), world.shop.config);
    await fund(world.shop, player.id, 250);
    const person = { id: 7004, first_name: 'Петя' };
    const say = async (text: string) => {
      world.telegram.state.userSays({ from: person, chatId: person.id, text });
      await app().telegram.pollOnce();
      return lastSaid(person.id);
    };
    expect(await say('/balance')).toBe(BOT_MESSAGES.notLinked);
    await linkByDeepLink(app(), world.telegram, player.headers, person);
    expect(await say('/balance')).toContain('250 ₽');
    expect(await say('/orders')).toBe(BOT_MESSAGES.noOrders);
    expect(await say('/unlink')).toBe(BOT_MESSAGES.unlinked);
    expect((await linkView(player.headers)).linked).toBeNull();
  });
});

describe("a linked player's news", () => {
  it('«Выдано» after a delivery, nothing once that news is off, a gift with the giver inert, nothing after unlinking', async () => {
    const steamId = '76561198000000777';
    const player = await createAccount(app(), world.shop.config, 'player', steamId);
    world.game.addPlayer({ steamId, name: 'Stone_Bob' });
    await fund(world.shop, player.id, 1000);
    const stone = await addProduct(world.shop, world.admin.headers, {
      name: 'Камень',
      gameItemName: 'stones',
      price: 5,
    });
    const person = { id: 7005, first_name: 'Боб' };
    await linkByDeepLink(app(), world.telegram, player.headers, person);
    await app().notifications.flush();
    const buy = async () => {
      const reply = await app().inject({
        method: 'POST',
        url: '/api/purchase',
        headers: player.headers,
        payload: { productId: stone, serverId: world.serverId, quantity: 1 },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      await app().delivery.worker.kick();
      await app().notifications.flush();
    };
    const before = world.telegram.state.sent(person.id).length;
    await buy();
    const news = world.telegram.state.sent(person.id).slice(before);
    expect(news).toHaveLength(1);
    expect(news[0]!.text).toContain('Выдано');
    expect(news[0]!.text).toContain('Камень');

    const off = await app().inject({
      method: 'PUT',
      url: '/api/telegram/link/news',
      headers: player.headers,
      payload: { news: { delivered: false } },
    });
    expect(off.json().linked.news).toMatchObject({ delivered: false, gift: true });
    await buy();
    expect(world.telegram.state.sent(person.id).slice(before)).toHaveLength(1);

    // A gift from another player is news too, with the giver's name as they wrote it, inert.
    const giver = await createAccount(app(), world.shop.config);
    await app().db.execute(sql`update users set username = '<b>Дед</b>' where id = ${giver.id}`);
    await fund(world.shop, giver.id, 100);
    const gift = await app().inject({
      method: 'POST',
      url: '/api/purchase',
      headers: giver.headers,
      payload: { productId: stone, serverId: world.serverId, quantity: 1, giftTo: steamId },
    });
    expect(gift.statusCode, gift.body).toBe(200);
    await app().notifications.flush();
    const gifted = world.telegram.state.sent(person.id).at(-1)!.text;
    expect(gifted).toContain('Вам подарок');
    expect(gifted).toContain('<code>&#60;b&#62;Дед&#60;/b&#62;</code>');
    const sentBefore = world.telegram.state.sent(person.id).length;

    // News on again, then unlinked before it goes out: nothing reaches the old chat.
    await app().inject({
      method: 'PUT',
      url: '/api/telegram/link/news',
      headers: player.headers,
      payload: { news: { delivered: true } },
    });
    const reply = await app().inject({
      method: 'POST',
      url: '/api/purchase',
      headers: player.headers,
      payload: { productId: stone, serverId: world.serverId, quantity: 1 },
    });
    expect(reply.statusCode).toBe(200);
    await app().delivery.worker.kick();
    await app().notifications.scan.scan();
    await app().inject({ method: 'DELETE', url: '/api/telegram/link', headers: player.headers });
    await app().notifications.outbox.send();
    expect(world.telegram.state.sent(person.id)).toHaveLength(sentBefore);
  });
});
