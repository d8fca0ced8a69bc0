import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMessengerShop, type MessengerShop } from '../../test-support/messenger-shop';
import { addProduct, fund } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { next, socketClients } from '../../test-support/socket-clients';
import { linkByDeepLink } from '../../test-support/telegram-accounts';
import { expireVips } from '../vip/vip-expiry';

/**
 * A linked player's VIP ending and support replies reach their Telegram (the fake Bot API on
 * loopback) once each, and not at all once they switch that news off.
 */
let world: MessengerShop;
const app = () => world.app();
const clients = socketClients();
const DAY = 86_400_000;
const WARNING = 'VIP закончится через 3 дня';

beforeAll(async () => {
  world = await startMessengerShop();
});
afterAll(async () => {
  clients.closeAll();
  await world?.close();
});

let nextTelegramId = 7100;
/** A player linked to a Telegram account of their own, with the scan's cursors already past it. */
async function linkedPlayer() {
  const player = await createAccount(app(), world.shop.config);
  const person = { id: (nextTelegramId += 1), first_name: 'Игрок' };
  await linkByDeepLink(app(), world.telegram, player.headers, person);
  await app().notifications.flush();
  const news = () => world.telegram.state.sent(person.id).slice(1); // after «Telegram привязан»
  return { ...player, chat: person.id, news };
}

async function grantVip(userId: number, endsInMs: number) {
  const reply = await app().inject({
    method: 'PUT',
    url: `/api/admin/users/${userId}`,
    headers: world.admin.headers,
    payload: {
      vipStatus: 'Gold',
      vipExpiresAt: new Date(Date.now() + endsInMs).toISOString(),
      vipServerId: world.serverId,
      reason: 'Победитель турнира',
    },
  });
  expect(reply.statusCode, reply.body).toBe(200);
}

/** As if `days` passed for this holder: their running term and VIP end that much nearer. */
async function daysPass(userId: number, days: number) {
  await app().db.execute(sql`update vip_periods
    set ends_at = ends_at - make_interval(days => ${days}),
      started_at = started_at - make_interval(days => ${days})
    where user_id = ${userId} and state = 'running'`);
  await app().db.execute(sql`update users
    set vip_expires_at = vip_expires_at - make_interval(days => ${days}) where id = ${userId}`);
}

async function switchNews(player: { headers: { authorization: string } }, news: object) {
  const reply = await app().inject({
    method: 'PUT',
    url: '/api/telegram/link/news',
    headers: player.headers,
    payload: { news },
  });
  expect(reply.statusCode, reply.body).toBe(200);
}

/** Staff answer on the site, as the admin panel does: over the live socket. */
async function staffReply(targetUserId: number, message: string) {
  const address = app().server.address();
  if (!address || typeof address === 'string') {
    await app().listen({ port: 0, host: '127.0.0.1' });
  }
  const port = (app().server.address() as { port: number }).port;
  const socket = await clients.joined(`http://127.0.0.1:${port}`, world.admin, 'admin');
  const echoed = next(socket, 'newMessage');
  socket.emit('adminSendMessage', { targetUserId, message });
  expect(await echoed).toMatchObject({ isAdmin: true });
  socket.close();
}

describe("a linked player's VIP ending and support replies in Telegram", () => {
  it('does not say a VIP ends when a second term of the same tier follows it', async () => {
    const gold = await addProduct({ app: app() }, world.admin.headers, {
      name: 'VIP Gold',
      gameItemName: 'vip',
      category: 'vip',
      price: 100,
      vipTier: 'Gold',
      vipDays: 30,
    });
    const holder = await linkedPlayer();
    await fund({ app: app() }, holder.id, 1000);
    for (let i = 0; i < 2; i += 1) {
      const bought = await app().inject({
        method: 'POST',
        url: '/api/purchase',
        headers: holder.headers,
        payload: { productId: gold, serverId: world.serverId, quantity: 1 },
      });
      expect(bought.statusCode, bought.body).toBe(200);
    }
    await app().notifications.flush();
    // 27 days on, the first term ends in 3 days; the second runs 30 more: Gold does not end.
    await daysPass(holder.id, 27);
    await app().notifications.flush();
    expect(holder.news().map((m) => m.text)).not.toContainEqual(expect.stringContaining(WARNING));

    // The first term's time is up, the sweep starts the second; 27 days on, Gold does end.
    await daysPass(holder.id, 3);
    expect(await expireVips(app())).toBe(1);
    await daysPass(holder.id, 27);
    await app().notifications.flush();
    await app().notifications.flush();
    const warnings = holder.news().filter((m) => m.text.includes(WARNING));
    expect(warnings).toHaveLength(1);
  });

  it("tells of a staff reply on the site once, the staff's markup inert", async () => {
    const player = await linkedPlayer();
    const written = await app().inject({
      method: 'POST',
      url: '/api/chat/send',
      headers: player.headers,
      payload: { message: 'Где мой лут?' },
    });
    expect(written.statusCode, written.body).toBe(200);
    await staffReply(player.id, '<b>Выдали</b> [x](https://evil.example) @everyone /balance');
    await app().notifications.flush();
    await app().notifications.flush();

    const news = player.news();
    expect(news).toHaveLength(1); // the reply; the player's own message is not news to them
    expect(news[0]!.parse_mode).toBe('HTML');
    expect(news[0]!.text).toContain('Ответ поддержки');
    expect(news[0]!.text).toContain(
      '<pre>&#60;b&#62;Выдали&#60;/b&#62; [x](https://evil.example) @everyone /balance</pre>',
    );
    // Outside <pre> (where Telegram parses no markup and finds no links) only our own words.
    const outside = news[0]!.text.replace(/<pre>[\s\S]*?<\/pre>/g, '');
    expect(outside).not.toMatch(/Выдали|evil|everyone|balance|&#60;b/);
  });

  it('sends neither once the player has switched that news off; others still get theirs', async () => {
    const quiet = await linkedPlayer();
    const keen = await linkedPlayer();
    await switchNews(quiet, { vip_ending: false, support_reply: false });
    for (const player of [quiet, keen]) {
      await grantVip(player.id, 10 * DAY);
      await daysPass(player.id, 7);
      await staffReply(player.id, 'Проверили, всё выдано');
    }
    await app().notifications.flush();
    await app().notifications.flush();
    expect(quiet.news()).toEqual([]);
    const texts = keen.news().map((m) => m.text);
    expect(texts).toHaveLength(2);
    expect(texts.join('\n')).toContain(WARNING);
    expect(texts.join('\n')).toContain('Ответ поддержки');
  });
  it('tells of a VIP ending in 3 days once, across scans and a restart; not of one ending in 10', async () => {
    const soon = await linkedPlayer();
    const later = await linkedPlayer();
    await grantVip(soon.id, 10 * DAY);
    await grantVip(later.id, 10 * DAY);
    await app().notifications.flush();
    expect(soon.news()).toEqual([]);

    await daysPass(soon.id, 7);
    await app().notifications.flush();
    await app().notifications.flush();
    expect(soon.news()).toHaveLength(1);
    expect(soon.news()[0]!.text).toContain(WARNING);
    expect(soon.news()[0]!.text).toContain('Gold');
    expect(later.news()).toEqual([]);

    // A new process reads its window again (a lost cursor, the overlap): nothing goes twice.
    await world.restart();
    await app().db.execute(
      sql`update notification_cursors set scanned_until = scanned_until - interval '1 hour'`,
    );
    await app().notifications.flush();
    await app().notifications.flush();
    expect(soon.news()).toHaveLength(1);
    expect(later.news()).toEqual([]);
  });
});
