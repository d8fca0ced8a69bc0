import { formatRoubles } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeFreekassaServer } from '../../integrations/freekassa/fake-freekassa-server';
import { startFreekassaGameShop } from '../../test-support/freekassa-game-shop';
import { payThroughPage } from '../../test-support/provider-page';
import { addProduct, addVipProduct, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import { waitUntil } from '../../test-support/wait-until';
import type { TestApp } from '../../test-support/test-app';
import { checkLedger } from '../ledger/ledger';

type Account = Awaited<ReturnType<typeof createAccount>>;

const DEBT_BY_ADMIN = (owed: number) =>
  `Пополнение отменено администратором: долг ${formatRoubles(owed)}. Пополните баланс, чтобы снова покупать.`;
const DEBT_BY_PROVIDER = (owed: number) =>
  `Пополнение отменено платёжной системой: долг ${formatRoubles(owed)}. Пополните баланс, чтобы снова покупать.`;

let world: GameShop;
let shop: TestApp;
let provider: FakeFreekassaServer;
let admin: Account;
let serverId: number;
let rifle: number;

beforeAll(async () => {
  ({ world, provider } = await startFreekassaGameShop());
  ({ shop, admin, serverId } = world);
  rifle = await addProduct(shop, admin.headers, {
    name: 'Калаш',
    gameItemName: 'rifle.ak',
    category: 'weapons',
    price: 250,
  });
});
afterAll(async () => {
  await world?.close();
  await provider?.close();
});

const app = () => shop.app;
const player = () => createAccount(app(), shop.config, 'player');

/** A top-up paid on the provider's page: the shop credits it from the notification. */
async function topUp(who: Account, amount: number): Promise<string> {
  const reply = await app().inject({
    method: 'POST',
    url: '/api/payments/create',
    headers: who.headers,
    payload: { amount, method: 'kassa', email: 'player@example.com' },
  });
  expect(reply.statusCode).toBe(200);
  const { url, orderId } = reply.json<{ url: string; orderId: string }>();
  expect((await payThroughPage(url)).status).toBe(303);
  return orderId;
}

const balance = async (who: Account): Promise<number> =>
  (await app().inject({ url: '/api/auth/profile', headers: who.headers })).json().balance;

const buy = (who: Account, body: Record<string, unknown> = {}) =>
  app().inject({
    method: 'POST',
    url: '/api/purchase',
    headers: { ...who.headers, 'idempotency-key': crypto.randomUUID() },
    payload: { productId: rifle, serverId, quantity: 1, ...body },
  });

const reverse = (paymentId: string, reason: unknown = 'Чарджбэк по заявке банка') =>
  app().inject({
    method: 'POST',
    url: `/api/admin/payments/${paymentId}/reverse`,
    headers: admin.headers,
    payload: { reason },
  });

const debt = async (who: Account) =>
  (await app().inject({ url: '/api/payments/debt', headers: who.headers })).json();

const reversalRows = (paymentId: string) =>
  queryRows<{ amount_kopecks: number; source: string; reason: string }>(
    app().db,
    // A bigint comes back as a string from PostgreSQL and a number from PGlite: counted as one here.
    sql`select amount_kopecks::float8 as amount_kopecks, source, reason
        from payment_reversals where payment_id = ${paymentId}`,
  );

const ledgerReversals = (userId: number) =>
  queryRows<{ amount_kopecks: string }>(
    app().db,
    sql`select amount_kopecks from transactions where user_id = ${userId} and kind = 'reversal'`,
  );

async function expectLedgerSound() {
  expect((await checkLedger(app().db)).mismatched).toBe(0);
}

describe('reversal by an admin', () => {
  it('takes the top-up and its bonus back in one entry, leaving a debt, journaled with its reason', async () => {
    const who = await player();
    const paymentId = await topUp(who, 1000);
    expect(await balance(who)).toBe(1100);
    expect((await buy(who)).statusCode).toBe(200);

    const reply = await reverse(paymentId);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      success: true,
      reversed: true,
      // The order bought with it is not delivered yet: it is held for the admin's decision.
      message: `Пополнение отменено: с баланса игрока списано ${formatRoubles(1100)}. Невыданные заказы после пополнения (1) ждут решения в «Удержанных заказах».`,
      balance: -250,
    });
    expect(await balance(who)).toBe(-250);
    expect((await ledgerReversals(who.id)).map((row) => Number(row.amount_kopecks))).toEqual([
      -110_000,
    ]);
    const [journal] = await queryRows<{ action: string; reason: string; actor_id: number }>(
      app().db,
      sql`select action, reason, actor_id from audit_log where action = 'payment.reverse'
          and target_id = ${String(who.id)}`,
    );
    expect(journal).toMatchObject({ reason: 'Чарджбэк по заявке банка', actor_id: admin.id });
    expect(await debt(who)).toEqual({ owed: 250, message: DEBT_BY_ADMIN(250) });
    await expectLedgerSound();
  });

  it('reverses once however many times it is asked, one after another or all at once', async () => {
    const who = await player();
    const paymentId = await topUp(who, 200);
    const replies = await Promise.all(Array.from({ length: 6 }, () => reverse(paymentId)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(6).fill(200));
    expect(replies.filter((reply) => reply.json().reversed)).toHaveLength(1);
    const again = await reverse(paymentId, 'Повторно');
    expect(again.json()).toMatchObject({ reversed: false, balance: null });
    expect(again.json().message).toBe(
      `Пополнение уже было отменено: списано ${formatRoubles(220)}`,
    );
    expect(await reversalRows(paymentId)).toHaveLength(1);
    expect(await ledgerReversals(who.id)).toHaveLength(1);
    expect(await balance(who)).toBe(0);
    await expectLedgerSound();
  });

  it('refuses a missing, empty or control-character reason and an unpaid top-up, changing nothing', async () => {
    const who = await player();
    const paymentId = await topUp(who, 100);
    for (const reason of [
      undefined,
      '',
      '  ',
      'ok',
      'Строка\nвторая',
      'a\u0000b',
      'x'.repeat(301),
    ]) {
      const reply = await app().inject({
        method: 'POST',
        url: `/api/admin/payments/${paymentId}/reverse`,
        headers: admin.headers,
        payload: reason === undefined ? {} : { reason },
      });
      expect(reply.statusCode, String(reason)).toBe(400);
      // NUL is refused for every request before the route; the rest by the reason's own rule.
      expect(reply.json().message).toMatch(/ричин|недопустимые символы/);
    }
    const pending = await app().inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: who.headers,
      payload: { amount: 50, method: 'kassa', email: 'player@example.com' },
    });
    const unpaid = await reverse(pending.json().orderId);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe('Отменить можно только оплаченное пополнение');
    expect((await reverse(crypto.randomUUID())).statusCode).toBe(404);
    expect(await reversalRows(paymentId)).toHaveLength(0);
    expect(await balance(who)).toBe(110);
  });

  it('is an admin call: a player is refused', async () => {
    const who = await player();
    const paymentId = await topUp(who, 100);
    const reply = await app().inject({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/reverse`,
      headers: who.headers,
      payload: { reason: 'Сам себе' },
    });
    expect(reply.statusCode).toBe(403);
    expect(await balance(who)).toBe(110);
  });
});

describe('a negative balance', () => {
  it('refuses a purchase, a cart checkout and a gift with the debt, until a top-up repays it', async () => {
    const who = await player();
    const friend = await player();
    const paymentId = await topUp(who, 500);
    expect((await buy(who)).statusCode).toBe(200);
    expect((await reverse(paymentId)).statusCode).toBe(200);
    expect(await balance(who)).toBe(-250);
    const message = DEBT_BY_ADMIN(250);

    const single = await buy(who);
    expect(single.statusCode).toBe(400);
    expect(single.json().message).toBe(message);

    const gift = await buy(who, { giftTo: friend.steamId });
    expect(gift.statusCode).toBe(400);
    expect(gift.json().message).toBe(message);

    const added = await app().inject({
      method: 'POST',
      url: '/api/cart',
      headers: who.headers,
      payload: { productId: rifle, quantity: 1 },
    });
    expect(added.statusCode).toBeLessThan(300);
    const checkout = await app().inject({
      method: 'POST',
      url: '/api/cart/purchase',
      headers: { ...who.headers, 'idempotency-key': crypto.randomUUID() },
      payload: { serverId },
    });
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json().message).toBe(message);
    expect(await balance(who)).toBe(-250);
    const [orders] = await queryRows<{ n: string }>(
      app().db,
      sql`select count(*) as n from orders where user_id = ${who.id}`,
    );
    expect(Number(orders?.n)).toBe(1);

    // 500 ₽ and its 50 ₽ bonus: the debt is paid first, 300 ₽ is left to spend.
    await topUp(who, 500);
    expect(await balance(who)).toBe(300);
    expect(await debt(who)).toEqual({ owed: 0, message: null });
    expect((await buy(who)).statusCode).toBe(200);
    expect(await balance(who)).toBe(50);
    await expectLedgerSound();
  });

  it('revokes the VIP bought since the reversed top-up arrived', async () => {
    const who = await player();
    const gold = await addVipProduct(shop, admin.headers);
    const paymentId = await topUp(who, 300);
    const bought = await buy(who, { productId: gold });
    expect(bought.statusCode).toBe(200);
    // The tier's group is given in game first: a grant still waiting would be held instead
    // (reversal-holds.test.ts), and the worker the purchase woke decides which unless waited for.
    const inGroup = () => world.game.groups.get('vip_gold')?.has(who.steamId) ?? false;
    const { orderId } = bought.json<{ orderId: string }>();
    const delivered = async () =>
      (
        await queryRows<{ status: string }>(
          app().db,
          sql`select status from delivery_jobs where order_id = ${orderId}`,
        )
      ).every((job) => job.status === 'delivered');
    await waitUntil(async () => inGroup() && (await delivered()), {
      what: 'the VIP given in game',
    });
    const profile = async () =>
      (await app().inject({ url: '/api/auth/profile', headers: who.headers })).json();
    expect((await profile()).vipStatus).toBe('Gold');
    const reply = await reverse(paymentId);
    expect(reply.json().message).toBe(
      `Пополнение отменено: с баланса игрока списано ${formatRoubles(330)}. VIP, купленный после пополнения, отозван.`,
    );
    expect((await profile()).vipStatus).toBe('no VIP');
    expect(await balance(who)).toBe(-300);
    // The game takes the group back too, though the player owes money: a revocation is no goods.
    await app().delivery.worker.kick();
    await waitUntil(() => !inGroup(), { what: 'the VIP taken back in game' });
  });
});

describe('reconciliation', () => {
  it('reverses a top-up FreeKassa reports refunded or charged back, once', async () => {
    const who = await player();
    const paymentId = await topUp(who, 300);
    expect((await buy(who)).statusCode).toBe(200);
    await app().payments.reconcile();
    expect(await balance(who)).toBe(80);
    expect(await reversalRows(paymentId)).toHaveLength(0);

    provider.fake.refund(paymentId);
    await app().payments.reconcile();
    await app().payments.reconcile();
    expect(await reversalRows(paymentId)).toMatchObject([
      { source: 'provider', amount_kopecks: 33_000 },
    ]);
    expect(await balance(who)).toBe(-250);
    const single = await buy(who);
    expect(single.json().message).toBe(DEBT_BY_PROVIDER(250));
    expect(await ledgerReversals(who.id)).toHaveLength(1);
    await expectLedgerSound();
  });
});

describe('a reversal racing purchases', () => {
  it('never lets purchases spend beyond what the reversal leaves, and the ledger equals the balance', async () => {
    const who = await player();
    for (let round = 0; round < 12; round += 1) {
      const before = await balance(who);
      // Enough to clear any debt and buy a few rifles, or not, depending on who wins.
      const paymentId = await topUp(who, Math.max(0, -before) + 500);
      const credited = (Math.max(0, -before) + 500) * 1.1;
      const [reversal, ...purchases] = await Promise.all([
        reverse(paymentId, `Гонка ${round}`),
        buy(who),
        buy(who),
        buy(who),
      ]);
      expect(reversal.statusCode).toBe(200);
      const bought = purchases.filter((reply) => reply.statusCode === 200).length;
      for (const reply of purchases.filter((one) => one.statusCode !== 200)) {
        expect(reply.statusCode).toBe(400);
      }
      const after = await balance(who);
      expect(after).toBeCloseTo(before - bought * 250, 2);
      // Purchases only spend what was there; only the reversal goes below zero, by at most itself.
      expect(bought * 250).toBeLessThanOrEqual(before + credited + 0.001);
      expect(after).toBeGreaterThanOrEqual(-credited - 0.001);
    }
    await expectLedgerSound();
  });
});
