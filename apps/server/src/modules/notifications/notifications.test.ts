import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/execute';
import {
  startMessengerShop,
  STAFF_CHAT,
  VK_PEER,
  type MessengerShop,
} from '../../test-support/messenger-shop';
import { addProduct, fund } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { DESTINATION_MESSAGES } from './destinations';

let world: MessengerShop;
let wood: number;
let buyer: Awaited<ReturnType<typeof createAccount>>;
const app = () => world.app();
const admin = () => world.admin.headers;

beforeAll(async () => {
  world = await startMessengerShop();
  wood = await addProduct(world.shop, admin(), { name: 'Дерево', price: 10 });
  buyer = await createAccount(app(), world.shop.config);
  await fund(world.shop, buyer.id, 1000);
});
afterAll(() => world?.close());

const removeAll = () => app().db.execute(sql`delete from notification_destinations`);
const makeDue = () => app().db.execute(sql`update notification_outbox set next_attempt_at = now()`);
const staffTexts = () => world.telegram.state.sent(STAFF_CHAT).map((m) => m.text);
const vkTexts = () =>
  world.vk.state.messages.filter((m) => m.peerId === VK_PEER).map((m) => m.text);

async function buyWood() {
  const reply = await app().inject({
    method: 'POST',
    url: '/api/purchase',
    headers: buyer.headers,
    payload: { productId: wood, serverId: world.serverId, quantity: 1 },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ orderId: string }>();
}
async function topUp(roubles: number) {
  const payment = await app().db.transaction((tx) =>
    app().payments.open(tx, buyer.id, { amount: roubles, method: 'kassa', email: 'p@example.ru' }),
  );
  await app().payments.credit(payment.id, `provider-${payment.id}`);
}
async function writeToSupport(headers: { authorization: string }, message: string) {
  const reply = await app().inject({
    method: 'POST',
    url: '/api/chat/send',
    headers,
    payload: { message },
  });
  expect(reply.statusCode, reply.body).toBe(200);
}

describe('staff notifications in Telegram and VK', () => {
  it('a purchase, a top-up and a support message each reach the chat and the conversation once, also across a restart', async () => {
    const events = ['purchase', 'topup', 'support'];
    await world.addDestination('telegram', String(STAFF_CHAT), events);
    await world.addDestination('vk', VK_PEER, events);
    const order = await buyWood();
    await topUp(150);
    await writeToSupport(buyer.headers, 'Где мой лут?');
    await app().notifications.flush();
    await app().notifications.flush();

    const telegram = staffTexts();
    expect(telegram).toHaveLength(3);
    expect(telegram[0]).toContain('Дерево');
    expect(telegram[0]).toContain(`#${order.orderId.slice(0, 8)}`);
    expect(telegram[1]).toContain('150 ₽');
    expect(telegram[2]).toContain('Где мой лут?');
    const vk = vkTexts();
    expect(vk).toHaveLength(3);
    expect(vk[0]).toContain('Дерево');
    expect(vk[0]).toContain(`#${order.orderId.slice(0, 8)}`);
    expect(vk[1]).toContain('150 ₽');
    expect(vk[2]).toContain('Где мой лут?');

    await world.restart();
    await app().notifications.flush();
    // After a restart the scan reads its window again: nothing is sent twice.
    await app().db.execute(
      sql`update notification_cursors set scanned_until = scanned_until - interval '1 hour'`,
    );
    await app().notifications.flush();
    expect(staffTexts()).toHaveLength(3);
    expect(vkTexts()).toHaveLength(3);
    await removeAll();
  });

  it('waits out a 429 as long as its retry_after says, and a long one in the outbox', async () => {
    await world.addDestination('telegram', String(STAFF_CHAT), ['purchase']);
    const before = staffTexts().length;
    world.telegram.state.chat(STAFF_CHAT).failures.push({ kind: 'retry_after', seconds: 2 });
    await buyWood();
    const started = Date.now();
    await app().notifications.flush();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_950);
    expect(world.telegram.state.limited).toBe(1);
    expect(staffTexts()).toHaveLength(before + 1);

    // Another group, so that its pause does not hold the next tests' messages to the staff chat.
    const other = -1001000000002;
    world.telegram.state
      .chat(other, 'supergroup')
      .failures.push({ kind: 'retry_after', seconds: 60 });
    await removeAll();
    await world.addDestination('telegram', String(other), ['purchase']);
    await buyWood();
    await app().notifications.flush();
    expect(world.telegram.state.sent(other)).toHaveLength(0);
    const [row] = await queryRows<{ status: string; wait: number }>(
      app().db,
      sql`select status, extract(epoch from next_attempt_at - now())::int as wait
          from notification_outbox where status = 'pending'`,
    );
    expect(row).toMatchObject({ status: 'pending' });
    expect(row!.wait).toBeGreaterThan(50);
    await removeAll();
  });

  it("a player's markup, links and @everyone arrive inert in every format", async () => {
    await world.addDestination('telegram', String(STAFF_CHAT), ['support']);
    await world.addDestination('vk', VK_PEER, ['support']);
    const hook = world.discord.createWebhookUrl();
    await world.addDestination('discord', hook, ['support']);
    const sneaky = await createAccount(app(), world.shop.config);
    await app().db.execute(
      sql`update users set username = '@everyone [x](https://evil.example)' where id = ${sneaky.id}`,
    );
    await writeToSupport(
      sneaky.headers,
      '<b>жирный</b> [x](https://evil.example) @everyone /balance',
    );
    await app().notifications.flush();

    const telegram = world.telegram.state.sent(STAFF_CHAT).at(-1)!;
    expect(telegram.parse_mode).toBe('HTML');
    // Outside <code>/<pre> (where Telegram finds no markup, links, mentions or commands) only our words.
    const outside = telegram.text.replace(/<(code|pre)>[\s\S]*?<\/\1>/g, '');
    expect(outside).not.toMatch(/evil|everyone|balance|&#60;b/);
    expect(telegram.text).toContain(
      '<pre>&#60;b&#62;жирный&#60;/b&#62; [x](https://evil.example) @everyone /balance</pre>',
    );

    const vk = world.vk.state.messages.at(-1)!;
    expect(vk.text).toContain('жирный');
    expect(vk.text).not.toMatch(/evil\.example|@everyone|https:\/\//);
    expect(vk).toMatchObject({ disableMentions: true, dontParseLinks: true });

    const id = hook.split('/').at(-2)!;
    const message = world.discord.state.webhooks.get(id)!.messages.at(-1)!;
    const embed = message.embeds![0]!;
    expect(embed.description).toMatch(/^```\n<b>жирный<\/b> \[x\]\(https:/);
    const name = embed.fields!.find((field) => field.name === 'Игрок')!.value;
    expect(name).not.toMatch(/@everyone|\[x\]\(|evil\.example/);
    expect(message.allowed_mentions).toEqual({ parse: [] });
    await removeAll();
  });

  it('retries failures that pass, and dead-letters a chat that keeps refusing, shown to the admin', async () => {
    await world.addDestination('vk', VK_PEER, ['purchase']);
    const gone = await world.addDestination('telegram', '-1009999999999', ['purchase']);
    // A member of staff's own chat with the bot, which they blocked: Telegram answers 403.
    world.telegram.state.chat(4242).blocked = true;
    const blocked = await world.addDestination('telegram', '4242', ['purchase']);
    await world.addDestination('telegram', String(STAFF_CHAT), ['purchase']);
    const vkBefore = vkTexts().length;
    const staffBefore = staffTexts().length;
    world.vk.state.errors.push(6, 10);
    world.telegram.state.chat(STAFF_CHAT).failures.push({ kind: 'server_error' });
    await buyWood();
    await app().notifications.flush();
    for (let round = 0; round < 3; round += 1) {
      await makeDue();
      await app().notifications.flush();
    }
    expect(vkTexts()).toHaveLength(vkBefore + 1);
    expect(staffTexts()).toHaveLength(staffBefore + 1);

    const status = (
      await app().inject({ url: '/api/admin/notifications', headers: admin() })
    ).json();
    const shown = status.destinations.find((d: { id: number }) => d.id === gone.id);
    expect(shown).toMatchObject({ dead: 1, pending: 0 });
    expect(shown.lastError).toContain('chat not found');
    const refused = status.destinations.find((d: { id: number }) => d.id === blocked.id);
    expect(refused).toMatchObject({ dead: 1, pending: 0 });
    expect(refused.lastError).toContain('403: Forbidden: bot was blocked by the user');
    const dead = status.outbox.filter((item: { status: string }) => item.status === 'dead');
    expect(dead).toHaveLength(2);
    expect(dead[0]).toMatchObject({ channel: 'telegram', event: 'purchase' });
    expect(dead[0].preview).toContain('Дерево');
    const passed = await queryRows<{ status: string }>(
      app().db,
      sql`select status from notification_outbox
          where target not in ('-1009999999999', '4242') and status <> 'sent'`,
    );
    expect(passed).toEqual([]);
    expect(JSON.stringify(status)).not.toContain(world.vk.state.token);
    expect(JSON.stringify(status)).not.toContain(
      world.telegram.env.TELEGRAM_BOT_TOKEN!.split(':')[1],
    );
    await removeAll();
  });

  it("Discord webhooks are destinations too: one Russian embed under the owner's sender name, a deleted webhook dead-lettered", async () => {
    const renamed = await app().inject({
      method: 'PUT',
      url: '/api/admin/site',
      headers: admin(),
      payload: { notices: { webhookSender: 'Касса «Тайги»' } },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const url = world.discord.createWebhookUrl();
    const added = await world.addDestination('discord', url, ['purchase']);
    expect(added.target).not.toContain(url.split('/').at(-1)!);
    const hook = world.discord.state.webhooks.get(url.split('/').at(-2)!)!;
    await buyWood();
    await app().notifications.flush();
    await app().notifications.flush();
    expect(hook.messages).toHaveLength(1);
    const message = hook.messages[0]!;
    expect(message.username).toBe('Касса «Тайги»');
    expect(message.embeds![0]!.title).toBe('Покупка');
    expect(message.embeds![0]!.fields).toContainEqual({
      name: 'Сумма',
      value: '10 ₽',
      inline: true,
    });

    hook.deleted = true;
    await buyWood();
    await app().notifications.flush();
    for (let round = 0; round < 3; round += 1) {
      await makeDue();
      await app().notifications.flush();
    }
    const status = (
      await app().inject({ url: '/api/admin/notifications', headers: admin() })
    ).json();
    expect(status.destinations[0]).toMatchObject({ channel: 'discord', dead: 1, pending: 0 });
    expect(status.destinations[0].lastError).toContain('404');
    await removeAll();
  });

  it('refuses a target that is not one, in Russian, and adds nothing', async () => {
    const bad = await app().inject({
      method: 'POST',
      url: '/api/admin/notifications/destinations',
      headers: admin(),
      payload: { channel: 'telegram', target: 'https://t.me/joinchat/x', events: ['purchase'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(DESTINATION_MESSAGES.telegramTarget);
    const list = await app().inject({
      url: '/api/admin/notifications/destinations',
      headers: admin(),
    });
    expect(list.json()).toEqual([]);
    const player = await app().inject({
      url: '/api/admin/notifications/destinations',
      headers: buyer.headers,
    });
    expect(player.statusCode).toBe(403);
  });
});
