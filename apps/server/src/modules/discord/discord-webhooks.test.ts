import type { APIEmbed } from 'discord-api-types/v10';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/execute';
import { startFakeDiscord, type FakeDiscord } from '../../test-support/fake-discord';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import type { TestApp } from '../../test-support/test-app';
import { DISCORD_ADMIN_MESSAGES } from './discord-admin-routes';
import { WEBHOOK_GONE } from './discord-webhooks';

let discord: FakeDiscord;
let world: GameShop;
let shop: TestApp;
let wood: number;
let buyer: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  discord = await startFakeDiscord();
  world = await startGameShop({ env: discord.env });
  shop = world.shop;
  wood = await addProduct(shop, world.admin.headers, { name: 'Дерево', price: 10 });
  buyer = await createAccount(shop.app, shop.config);
  await fund(shop, buyer.id, 1000);
});
afterAll(async () => {
  await world?.close();
  await discord?.close();
});

const admin = () => world.admin.headers;
async function addWebhook(events: string[] = ['purchase']) {
  const url = discord.createWebhookUrl();
  const reply = await shop.app.inject({
    method: 'POST',
    url: '/api/admin/discord/webhooks',
    headers: admin(),
    payload: { name: 'Магазин', url, events },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  const id = url.split('/').at(-2)!;
  return { view: reply.json<{ id: number; url: string }>(), hook: discord.state.webhooks.get(id)! };
}
async function buyWood() {
  const started = Date.now();
  const reply = await shop.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: buyer.headers,
    payload: { productId: wood, serverId: world.serverId, quantity: 1 },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return Date.now() - started;
}
const flush = async () => {
  await shop.app.discord.events.scan();
  await shop.app.discord.outbox.send();
};
const status = async () =>
  (await shop.app.inject({ url: '/api/admin/discord', headers: admin() })).json();
const removeAll = () => shop.app.db.execute(sql`delete from discord_webhooks`);

describe('Discord channel webhooks', () => {
  it('accepts only a webhook address and never shows its token', async () => {
    const bad = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/discord/webhooks',
      headers: admin(),
      payload: { name: 'Канал', url: 'https://example.com/api/webhooks/1/2', events: ['purchase'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(DISCORD_ADMIN_MESSAGES.badUrl);
    const { view, hook } = await addWebhook();
    expect(view.url).not.toContain(hook.token);
    expect(JSON.stringify(await status())).not.toContain(hook.token);
    await removeAll();
  });

  it('tells the channel of a purchase once, as a Russian embed in roubles', async () => {
    const { hook } = await addWebhook();
    await shop.app.discord.events.scan(); // the source starts from now
    await buyWood();
    await flush();
    await flush();
    expect(hook.messages).toHaveLength(1);
    const embed = hook.messages[0]!.embeds![0] as APIEmbed;
    expect(embed.title).toBe('Покупка');
    expect(embed.fields).toContainEqual({ name: 'Сумма', value: '10 ₽', inline: true });
    expect(embed.fields).toContainEqual({ name: 'Товары', value: 'Дерево ×1', inline: false });
    expect(hook.messages[0]!.allowed_mentions).toEqual({ parse: [] });
    await removeAll();
  });

  it('posts under the sender name the owner set in the settings', async () => {
    const renamed = await shop.app.inject({
      method: 'PUT',
      url: '/api/admin/site',
      headers: admin(),
      payload: { notices: { webhookSender: 'Касса «Тайги»' } },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const refused = await shop.app.inject({
      method: 'PUT',
      url: '/api/admin/site',
      headers: admin(),
      payload: { notices: { webhookSender: 'Discord-бот' } },
    });
    expect(refused.statusCode).toBe(400);
    const { hook } = await addWebhook();
    await shop.app.discord.events.scan();
    await buyWood();
    await flush();
    expect(hook.messages.map((message) => message.username)).toEqual(['Касса «Тайги»']);
    await removeAll();
  });

  it('waits out a 429 and sends again; a long rate limit waits in the outbox instead', async () => {
    const { hook } = await addWebhook();
    await shop.app.discord.events.scan();
    hook.rateLimits.push(0.5);
    await buyWood();
    const started = Date.now();
    await flush();
    expect(hook.limited).toBe(1);
    expect(hook.messages).toHaveLength(1);
    // It waited as long as Discord said (retry_after 0.5 s), not less.
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);

    hook.rateLimits.push(60);
    await buyWood();
    await flush();
    expect(hook.messages).toHaveLength(1);
    const [row] = await queryRows<{ status: string; wait: number }>(
      shop.app.db,
      sql`select status, extract(epoch from next_attempt_at - now())::int as wait
          from discord_outbox where status = 'pending'`,
    );
    expect(row?.wait).toBeGreaterThan(50);
    await removeAll();
  });

  it('switches a webhook off when Discord answers 404, and flags it in the panel', async () => {
    const { hook, view } = await addWebhook();
    await shop.app.discord.events.scan();
    hook.deleted = true;
    await buyWood();
    await flush();
    const shown = (await status()).webhooks.find((item: { id: number }) => item.id === view.id);
    expect(shown).toMatchObject({ enabled: false, disabledReason: WEBHOOK_GONE[404], pending: 0 });
    const test = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/discord/webhooks/${view.id}/test`,
      headers: admin(),
    });
    expect(test.json()).toEqual({ ok: false, error: WEBHOOK_GONE[404] });
    await removeAll();
  });

  it('«Проверить» sends a test message', async () => {
    const { hook, view } = await addWebhook(['wipe']);
    const test = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/discord/webhooks/${view.id}/test`,
      headers: admin(),
    });
    expect(test.json()).toEqual({ ok: true, error: null });
    expect(hook.messages[0]?.embeds?.[0]?.title).toBe('Проверка связи');
    await removeAll();
  });

  it('never holds a purchase while Discord is down, and sends once it is back', async () => {
    const { hook } = await addWebhook();
    await shop.app.discord.events.scan();
    discord.state.setDown(true);
    expect(await buyWood()).toBeLessThan(5_000);
    await flush();
    expect(hook.messages).toHaveLength(0);
    const down = (await status()).webhooks[0];
    expect(down).toMatchObject({ enabled: true, pending: 1 });
    expect(down.lastError).toMatch(/Discord недоступен/);

    discord.state.setDown(false);
    await shop.app.db.execute(sql`update discord_outbox set next_attempt_at = now()`);
    await shop.app.discord.outbox.send();
    expect(hook.messages).toHaveLength(1);
  });
});
