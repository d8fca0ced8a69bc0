import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProviderShop, type ProviderShop } from '../../test-support/provider-shop';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';

/**
 * The owner gives part of a YooKassa top-up back in its dashboard. The shop takes back whole
 * top-ups only, so the balance stays; what it must not do is stay silent: the admin overview lists
 * the partial refund until an admin marks it dealt with, a second refund lists it again, and
 * refunds that reach the whole payment reverse it and close the entry.
 */
let money: ProviderShop;
let admin: Awaited<ReturnType<typeof createAccount>>;
let moderator: Awaited<ReturnType<typeof createAccount>>;
let player: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  money = await startProviderShop();
  admin = await createAccount(money.shop.app, money.shop.config, 'admin');
  moderator = await createAccount(money.shop.app, money.shop.config, 'moderator');
  player = await createAccount(money.shop.app, money.shop.config);
});
afterAll(() => money?.close());

const app = () => money.shop.app;

/** A 1 000 ₽ YooKassa top-up, paid and credited; its YooKassa id. */
async function paidTopUp(): Promise<{ orderId: string; theirs: string }> {
  const created = await app().inject({
    method: 'POST',
    url: '/api/payments/create',
    headers: player.headers,
    payload: {
      amount: 1000,
      email: 'player@example.com',
      method: 'yookassa',
      paymentSystemId: 'bank_card',
    },
  });
  expect(created.statusCode).toBe(200);
  const { orderId } = created.json<{ orderId: string }>();
  const [row] = await queryRows<{ provider_id: string }>(
    app().db,
    sql`select provider_id from payments where id = ${orderId}`,
  );
  money.yookassa.fake.succeed(row!.provider_id);
  expect((await money.yookassa.fake.notify('payment.succeeded', row!.provider_id)).status).toBe(
    200,
  );
  return { orderId, theirs: row!.provider_id };
}

const listed = async (headers = admin.headers) =>
  app().inject({ url: '/api/admin/partial-refunds', headers });
const balance = async () =>
  (await app().inject({ url: '/api/auth/profile', headers: player.headers })).json<{
    balance: number;
  }>().balance;

describe('a partial refund at the provider', () => {
  it('is listed for the admin, balance untouched, until marked dealt with; a new refund lists it again', async () => {
    const { orderId, theirs } = await paidTopUp();
    const before = await balance();
    money.yookassa.fake.refund(theirs, 30_000);
    await app().payments.reconcile();
    await app().payments.reconcile();

    expect(await balance()).toBe(before);
    const open = await listed();
    expect(open.statusCode).toBe(200);
    expect(open.json().refunds).toEqual([
      expect.objectContaining({
        paymentId: orderId,
        userId: player.id,
        provider: 'yookassa',
        amount: 1000,
        refunded: 300,
      }),
    ]);
    // Money staff only: a moderator is refused the list and the action.
    expect((await listed(moderator.headers)).statusCode).toBe(403);
    const settle = (headers: Record<string, string>, id = orderId) =>
      app().inject({
        method: 'POST',
        url: `/api/admin/partial-refunds/${id}/settle`,
        headers,
      });
    expect((await settle(moderator.headers)).statusCode).toBe(403);

    expect((await settle(admin.headers)).statusCode).toBe(200);
    expect((await listed()).json().refunds).toEqual([]);
    expect((await settle(admin.headers)).statusCode).toBe(404);
    expect((await settle(admin.headers, 'not-a-payment')).statusCode).toBe(404);
    const [journal] = await queryRows<{ actor_id: number; after: string }>(
      app().db,
      sql`select actor_id, after from audit_log
        where action = 'payment.partial_refund_settled' order by id desc limit 1`,
    );
    expect(journal?.actor_id).toBe(admin.id);
    expect(JSON.parse(journal?.after ?? '{}')).toMatchObject({ paymentId: orderId });

    // The same refund found again changes nothing; a second one opens it with the new sum.
    await app().payments.reconcile();
    expect((await listed()).json().refunds).toEqual([]);
    money.yookassa.fake.refund(theirs, 20_000);
    await app().payments.reconcile();
    expect((await listed()).json().refunds).toEqual([
      expect.objectContaining({ paymentId: orderId, refunded: 500 }),
    ]);
    expect(await balance()).toBe(before);
  });

  it('reaching the whole payment, is reversed once and leaves the list', async () => {
    const { orderId, theirs } = await paidTopUp();
    const before = await balance();
    money.yookassa.fake.refund(theirs, 40_000);
    await app().payments.reconcile();
    expect((await listed()).json().refunds).toContainEqual(
      expect.objectContaining({ paymentId: orderId, refunded: 400 }),
    );

    money.yookassa.fake.refund(theirs);
    await app().payments.reconcile();
    const ids = (await listed()).json<{ refunds: Array<{ paymentId: string }> }>().refunds;
    expect(ids.map((row) => row.paymentId)).not.toContain(orderId);
    const reversals = await queryRows<{ amount_kopecks: string }>(
      app().db,
      sql`select amount_kopecks from payment_reversals where payment_id = ${orderId}`,
    );
    expect(reversals).toHaveLength(1);
    // The top-up and its bonus, taken back once.
    const taken = Number(reversals[0]!.amount_kopecks) / 100;
    expect(taken).toBeGreaterThanOrEqual(1000);
    expect(await balance()).toBeCloseTo(before - taken, 2);
  });
});
