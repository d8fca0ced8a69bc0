import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum } from '../ledger/ledger';
import { startMoneyShop, type MoneyShop } from '../../test-support/money-shop';
import { createAccount } from '../../test-support/sign-in';
import { payThroughPage } from '../../test-support/provider-page';
import { queryRows } from '../../test-support/sql';

let money: MoneyShop;
let player: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  money = await startMoneyShop();
  player = await createAccount(money.shop.app, money.shop.config);
});
afterAll(() => money?.close());

const app = () => money.shop.app;

async function createPayment(amount: number, method: 'kassa' | 'sbp' = 'kassa') {
  const reply = await app().inject({
    method: 'POST',
    url: '/api/payments/create',
    headers: player.headers,
    payload: {
      amount,
      method,
      email: 'player@example.com',
      ...(method === 'sbp' ? { paymentSystemId: 44 } : {}),
    },
  });
  expect(reply.statusCode).toBe(200);
  return reply.json<{ url: string; orderId: string; success: boolean }>();
}

const notify = (fields: Record<string, string>, remoteAddress = '127.0.0.1') =>
  app().inject({
    method: 'POST',
    url: '/api/payments/freekassa/notify',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

async function balance(): Promise<number> {
  return (await app().inject({ url: '/api/auth/profile', headers: player.headers })).json().balance;
}

async function ledgerRows() {
  return queryRows<{ kind: string; amount_kopecks: string }>(
    app().db,
    sql`select kind, amount_kopecks from transactions where user_id = ${player.id} order by id`,
  );
}

describe('FreeKassa notifications', () => {
  it('credits the amount and the 10% bonus as two ledger rows when the player pays by card', async () => {
    const { url, orderId } = await createPayment(500);
    const back = await payThroughPage(url);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(
      `${money.url}/payment-success?orderId=${orderId}&status=success`,
    );
    expect(await balance()).toBe(550);
    expect((await ledgerRows()).map((row) => [row.kind, Number(row.amount_kopecks)])).toEqual([
      ['topup', 50_000],
      ['bonus', 5_000],
    ]);
    const status = await app().inject({
      url: `/api/payments/${orderId}/status`,
      headers: player.headers,
    });
    expect(status.json()).toEqual({ paid: true, status: 'paid', amount: 500, bonus: 50 });
  });

  it('refuses a forged signature, a wrong amount, an unknown order and a foreign address, changing nothing', async () => {
    const { orderId } = await createPayment(1000, 'sbp');
    const genuine = money.provider.fake.notificationFields(orderId);
    const before = { balance: await balance(), rows: (await ledgerRows()).length };

    const attempts = [
      notify({ ...genuine, SIGN: 'f'.repeat(32) }),
      notify(money.provider.fake.notificationFields(orderId, { AMOUNT: '100' })),
      notify({ ...genuine, AMOUNT: '15000' }),
      notify({ ...genuine, MERCHANT_ORDER_ID: '00000000-0000-4000-8000-000000000000' }),
      notify({ ...genuine, MERCHANT_ORDER_ID: "1' or 1=1 --" }),
      notify(genuine, '203.0.113.7'),
      notify({}),
    ];
    for (const reply of await Promise.all(attempts)) {
      expect(reply.statusCode).toBe(400);
      expect(reply.body).not.toBe('YES');
    }
    expect(await balance()).toBe(before.balance);
    expect((await ledgerRows()).length).toBe(before.rows);
    const status = await app().inject({
      url: `/api/payments/${orderId}/status`,
      headers: player.headers,
    });
    expect(status.json().paid).toBe(false);
  });

  it('credits once when 100 copies of one notification arrive at the same time', async () => {
    const { orderId } = await createPayment(200, 'sbp');
    const before = await balance();
    const fields = money.provider.fake.notificationFields(orderId);
    const replies = await Promise.all(Array.from({ length: 100 }, () => notify(fields)));
    expect(replies.every((reply) => reply.statusCode === 200 && reply.body === 'YES')).toBe(true);
    expect(await balance()).toBe(before + 220);
    const credits = await queryRows<{ n: number }>(
      app().db,
      sql`select count(*)::int as n from transactions where payment_id = ${orderId}`,
    );
    expect(credits[0]?.n).toBe(2);
    expect(await ledgerSum(app().db, player.id)).toBe((await balance()) * 100);
  });

  it('answers YES to the provider repeating a notification, and credits once', async () => {
    const { orderId } = await createPayment(300, 'sbp');
    const before = await balance();
    const first = await money.provider.fake.notify(orderId);
    const again = await money.provider.fake.notify(orderId);
    expect([first.body, again.body]).toEqual(['YES', 'YES']);
    expect(await balance()).toBe(before + 330);
  });

  it('credits a payment whose notification was lost, once, when reconciliation asks the provider', async () => {
    const { orderId } = await createPayment(50, 'sbp');
    const before = await balance();
    money.provider.fake.setStatus(orderId, 'paid');
    await money.shop.database.db.execute(
      sql`update payments set created_at = now() - interval '10 minutes' where id = ${orderId}`,
    );
    await app().payments.reconcile();
    await app().payments.reconcile();
    expect(await balance()).toBe(before + 55);
    const late = await notify(money.provider.fake.notificationFields(orderId));
    expect(late.body).toBe('YES');
    expect(await balance()).toBe(before + 55);
  });
});
