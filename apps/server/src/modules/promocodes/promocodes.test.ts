import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let shop: TestApp;
let admin: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  shop = await createTestApp();
  admin = await createAccount(shop.app, shop.config, 'admin');
});
afterAll(() => shop?.close());

const createCode = (payload: Record<string, unknown>) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/admin/promocodes',
    headers: admin.headers,
    payload,
  });
const activate = (headers: { authorization: string }, code: unknown) =>
  shop.app.inject({ method: 'POST', url: '/api/promocodes/activate', headers, payload: { code } });
const balanceOf = async (headers: { authorization: string }) =>
  (await shop.app.inject({ url: '/api/auth/profile', headers })).json().balance as number;

describe('promo codes', () => {
  it('validates a new code with the messages of the specification', async () => {
    const message = async (payload: Record<string, unknown>) =>
      (await createCode(payload)).json().message;
    expect(await message({ code: '   ', discount: 10, usageLimit: 1 })).toBe(
      'Код промокода обязателен',
    );
    expect(await message({ code: 'GOOD-1', discount: 0, usageLimit: 1 })).toBe(
      'Размер скидки должен быть числом больше 0',
    );
    expect(await message({ code: 'GOOD-1', discount: 5, usageLimit: 0 })).toBe(
      'Максимум использований должен быть числом больше 0',
    );
    expect(await message({ code: 'GOOD-1', discount: 5 })).toBe(
      'Поля code, discount и usageLimit обязательны, и usageLimit должен быть числом больше 0',
    );
    expect(await message({ code: 'ab', discount: 5, usageLimit: 1 })).toBe(
      'Промокод должен содержать только заглавные буквы, цифры и дефисы (4-20 символов)',
    );
    const created = await createCode({
      code: 'welcome-10',
      discount: 10,
      usageLimit: 5,
      expiresAt: '',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      code: 'WELCOME-10',
      type: 'percentage',
      maxUses: 5,
      expiresAt: null,
    });
    expect((await createCode({ code: 'WELCOME-10', discount: 5, usageLimit: 1 })).statusCode).toBe(
      409,
    );
  });

  it('credits a fixed code at once, with the reply text the web app reads', async () => {
    await createCode({ code: 'GIFT-100', discount: 100, type: 'fixed', usageLimit: 10 });
    const player = await createAccount(shop.app, shop.config);
    const reply = await activate(player.headers, 'gift-100');
    expect(reply.json()).toEqual({
      success: true,
      message: 'Промокод активирован! Начислено 100₽',
      bonus: 100,
    });
    expect(await balanceOf(player.headers)).toBe(100);
  });

  it('refuses unknown, expired, inactive and repeated codes with a clear message', async () => {
    const player = await createAccount(shop.app, shop.config);
    await createCode({ code: 'OLD-CODE', discount: 5, usageLimit: 5, expiresAt: '2020-01-01' });
    await createCode({ code: 'ONCE-ONLY', discount: 50, type: 'fixed', usageLimit: 5 });
    expect((await activate(player.headers, 'NOPE-NOPE')).json().message).toBe(
      'Промокод недействителен',
    );
    expect((await activate(player.headers, 'OLD-CODE')).json().message).toBe(
      'Срок действия промокода истёк',
    );
    expect((await activate(player.headers, '')).json().message).toBe('Введите промокод');
    expect((await activate(player.headers, 'ONCE-ONLY')).statusCode).toBe(200);
    expect((await activate(player.headers, 'ONCE-ONLY')).json().message).toBe(
      'Вы уже активировали этот промокод',
    );
    expect(await balanceOf(player.headers)).toBe(50);
    expect(
      (
        await shop.app.inject({
          method: 'POST',
          url: '/api/promocodes/activate',
          payload: { code: 'ONCE-ONLY' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('lets exactly one of 20 racing players use a code with a usage limit of 1', async () => {
    await createCode({ code: 'LAST-ONE', discount: 500, type: 'fixed', usageLimit: 1 });
    const players = await Promise.all(
      Array.from({ length: 20 }, () => createAccount(shop.app, shop.config)),
    );
    const replies = await Promise.all(
      players.map((player) => activate(player.headers, 'LAST-ONE')),
    );
    const winners = replies.filter((reply) => reply.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(
      replies.filter((reply) => reply.json().message === 'Промокод достиг лимита использований'),
    ).toHaveLength(19);
    const balances = await Promise.all(players.map((player) => balanceOf(player.headers)));
    expect(balances.filter((value) => value === 500)).toHaveLength(1);
    const [promo] = await queryRows<{ usage_count: number }>(
      shop.app.db,
      sql`select usage_count from promocodes where code = 'LAST-ONE'`,
    );
    expect(promo?.usage_count).toBe(1);
  });

  it('counts one player firing the same code twice at once only once', async () => {
    await createCode({ code: 'TWICE-RACE', discount: 70, type: 'fixed', usageLimit: 10 });
    const player = await createAccount(shop.app, shop.config);
    const replies = await Promise.all([
      activate(player.headers, 'TWICE-RACE'),
      activate(player.headers, 'TWICE-RACE'),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 400]);
    expect(await balanceOf(player.headers)).toBe(70);
  });

  it('limits activations per account, not per address, with the Russian 429', async () => {
    const guesser = await createAccount(shop.app, shop.config);
    const replies = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      replies.push(await activate(guesser.headers, `GUESS-${attempt}`));
    }
    expect(replies.slice(0, 10).every((reply) => reply.statusCode === 400)).toBe(true);
    expect(replies[10]?.statusCode).toBe(429);
    expect(replies[10]?.json().message).toBe('Слишком много запросов, попробуйте позже');
    const neighbour = await createAccount(shop.app, shop.config);
    expect((await activate(neighbour.headers, 'GUESS-X')).statusCode).toBe(400);
  });

  it('deletes a code after which it can no longer be activated', async () => {
    const { id } = (await createCode({ code: 'GONE-SOON', discount: 5, usageLimit: 5 })).json();
    const del = await shop.app.inject({
      method: 'DELETE',
      url: `/api/admin/promocodes/${id}`,
      headers: admin.headers,
    });
    expect(del.json()).toEqual({ success: true });
    const player = await createAccount(shop.app, shop.config);
    expect((await activate(player.headers, 'GONE-SOON')).json().message).toBe(
      'Промокод недействителен',
    );
  });

  it('tells a player which percentage code waits for their next top-up, and only their own', async () => {
    await createCode({ code: 'WAIT-25', discount: 25, type: 'percentage', usageLimit: 5 });
    const player = await createAccount(shop.app, shop.config);
    const other = await createAccount(shop.app, shop.config);
    const waiting = async (headers: { authorization: string }) =>
      (await shop.app.inject({ url: '/api/promocodes/waiting', headers })).json();
    expect(await waiting(player.headers)).toEqual({ promo: null });
    expect((await activate(player.headers, 'WAIT-25')).statusCode).toBe(200);
    expect(await waiting(player.headers)).toEqual({ promo: { code: 'WAIT-25', percent: 25 } });
    expect(await waiting(other.headers)).toEqual({ promo: null });
    expect((await shop.app.inject({ url: '/api/promocodes/waiting' })).statusCode).toBe(401);
  });
});
