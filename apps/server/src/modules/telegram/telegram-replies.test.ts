import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/execute';
import { startFakeTelegram, type FakeTelegram } from '../../test-support/fake-telegram';
import {
  startMessengerShop,
  STAFF_CHAT,
  type MessengerShop,
} from '../../test-support/messenger-shop';
import { createAccount } from '../../test-support/sign-in';
import { linkByDeepLink } from '../../test-support/telegram-accounts';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { waitUntil } from '../../test-support/wait-until';
import { BOT_MESSAGES } from './telegram-bot';

let world: MessengerShop;
const app = () => world.app();
const ADMIN_TG = { id: 8001, first_name: 'Админ', username: 'shop_admin' };

beforeAll(async () => {
  world = await startMessengerShop();
  await linkByDeepLink(app(), world.telegram, world.admin.headers, ADMIN_TG);
  await world.addDestination('telegram', String(STAFF_CHAT), ['support']);
  // The leader's long poll, as it runs in a shop without a public HTTPS address.
  await app().telegram.updates!.start();
});
afterAll(async () => {
  await world?.app().telegram.updates?.stop();
  await world?.close();
});

/** A player writes to support; the staff group gets the notification. */
async function supportMessage(text: string) {
  const player = await createAccount(app(), world.shop.config);
  const sent = await app().inject({
    method: 'POST',
    url: '/api/chat/send',
    headers: player.headers,
    payload: { message: text },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  await app().notifications.flush();
  const notice = world.telegram.state.sent(STAFF_CHAT).at(-1)!;
  expect(notice.text).toContain(text);
  return { player, notice };
}
const history = async (userId: number) =>
  (await app().inject({ url: `/api/chat/history/${userId}`, headers: world.admin.headers })).json<
    Array<{ message: string; isAdmin: boolean; username: string }>
  >();

describe('answering players from Telegram', () => {
  it("a linked admin's reply reaches the player's site chat within 2 s, under the admin's name", async () => {
    const { player, notice } = await supportMessage('Не пришёл кит');
    const started = Date.now();
    world.telegram.state.userSays({
      from: ADMIN_TG,
      chatId: STAFF_CHAT,
      text: 'Уже выдали, проверьте',
      replyTo: notice.message_id,
    });
    await waitUntil(async () => (await history(player.id)).some((m) => m.isAdmin), {
      timeoutMs: 2_000,
      what: 'the reply in the site chat',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    const reply = (await history(player.id)).find((m) => m.isAdmin)!;
    const [adminRow] = await queryRows<{ username: string }>(
      app().db,
      sql`select username from users where id = ${world.admin.id}`,
    );
    expect(reply).toMatchObject({ message: 'Уже выдали, проверьте', username: adminRow!.username });
    const [journal] = await queryRows<{ actor_id: number; action: string }>(
      app().db,
      sql`select actor_id, action from audit_log where action = 'chat.reply.telegram' order by id desc limit 1`,
    );
    expect(journal).toEqual({ actor_id: world.admin.id, action: 'chat.reply.telegram' });
    await waitUntil(
      () => world.telegram.state.sent(STAFF_CHAT).at(-1)!.text === BOT_MESSAGES.replied,
    );
  });

  it('refuses a reply from a Telegram account that is not a linked admin', async () => {
    const { player, notice } = await supportMessage('Верните деньги');
    const stranger = { id: 8002, first_name: 'Прохожий' };
    // A player who linked Telegram is no staff either.
    const other = await createAccount(app(), world.shop.config);
    const linkedPlayer = { id: 8003, first_name: 'Игрок' };
    await linkByDeepLink(app(), world.telegram, other.headers, linkedPlayer);
    for (const from of [stranger, linkedPlayer]) {
      world.telegram.state.userSays({
        from,
        chatId: STAFF_CHAT,
        text: 'Не вернём',
        replyTo: notice.message_id,
      });
      await waitUntil(
        () => world.telegram.state.sent(STAFF_CHAT).at(-1)!.text === BOT_MESSAGES.notStaff,
        { what: 'the refusal' },
      );
      world.telegram.state.userSays({ from: ADMIN_TG, chatId: STAFF_CHAT, text: '/chats' });
      await waitUntil(
        () => world.telegram.state.sent(STAFF_CHAT).at(-1)!.text.includes('Открытые чаты'),
        { what: '/chats' },
      );
    }
    expect((await history(player.id)).filter((m) => m.isAdmin)).toEqual([]);
    expect(world.telegram.state.sent(STAFF_CHAT).at(-1)!.text).toContain('Верните деньги');
    // /chatid tells the owner what to type into «Сообщество».
    world.telegram.state.userSays({ from: stranger, chatId: STAFF_CHAT, text: '/chatid' });
    await waitUntil(
      () =>
        world.telegram.state.sent(STAFF_CHAT).at(-1)!.text.includes(`<code>${STAFF_CHAT}</code>`),
      { what: '/chatid' },
    );
  });
});

describe('updates by webhook', () => {
  let telegram: FakeTelegram;
  let shop: TestApp;
  const secret = 'webhook-secret-for-tests-0123456789';
  beforeAll(async () => {
    telegram = await startFakeTelegram();
    shop = await createTestApp({
      ...telegram.env,
      TELEGRAM_WEBHOOK_SECRET: secret,
      PUBLIC_URL: 'http://127.0.0.1:3999',
    });
  });
  afterAll(async () => {
    await shop?.app.telegram.updates?.stop();
    await shop?.close();
    await telegram?.close();
  });

  it('registers PUBLIC_URL/api/telegram/webhook with the secret, and an update without it answers 401 and does nothing', async () => {
    await shop.app.telegram.updates!.start();
    await waitUntil(() => telegram.state.webhook !== null, { what: 'setWebhook' });
    expect(telegram.state.webhook).toEqual({
      url: 'http://127.0.0.1:3999/api/telegram/webhook',
      secret,
    });
    const update = {
      update_id: 900001,
      message: {
        message_id: 1,
        date: 0,
        chat: { id: 9001, type: 'private' },
        from: { id: 9001, is_bot: false, first_name: 'X' },
        text: '/start',
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    };
    telegram.state.chat(9001);
    for (const headers of [
      {},
      { 'x-telegram-bot-api-secret-token': 'wrong-secret-0000000000000' },
    ]) {
      const refused = await shop.app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers,
        payload: update,
      });
      expect(refused.statusCode).toBe(401);
    }
    const seen = () =>
      queryRows<{ n: number }>(shop.app.db, sql`select count(*)::int as n from telegram_updates`);
    expect((await seen())[0]!.n).toBe(0);
    expect(telegram.state.sent(9001)).toHaveLength(0);
    const accepted = await shop.app.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': secret },
      payload: update,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Telegram may deliver an update again: it is answered once.
    await shop.app.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': secret },
      payload: update,
    });
    expect(telegram.state.sent(9001).map((m) => m.text)).toEqual([BOT_MESSAGES.help]);
  });
});
