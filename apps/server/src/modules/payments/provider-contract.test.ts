import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum } from '../ledger/ledger';
import { adapters, type ProviderAdapter } from '../../test-support/provider-contract';
import { startProviderShop, type ProviderShop } from '../../test-support/provider-shop';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';

/**
 * The same money cases for every provider, each against its stand-in speaking its real protocol
 * over loopback (issue 35): one credit however notifications come, nothing from a forgery or from
 * a notification the provider's API does not back, and a refund at the provider reversed.
 */
let money: ProviderShop;
let player: Awaited<ReturnType<typeof createAccount>>;
let all: ProviderAdapter[];

beforeAll(async () => {
  money = await startProviderShop();
  player = await createAccount(money.shop.app, money.shop.config);
  all = adapters(money);
});
afterAll(() => money?.close());

const app = () => money.shop.app;

async function balanceKopecks(): Promise<number> {
  const profile = await app().inject({ url: '/api/auth/profile', headers: player.headers });
  return Math.round(profile.json<{ balance: number }>().balance * 100);
}

const rowsOf = (paymentId: string) =>
  queryRows<{ kind: string; amount_kopecks: string }>(
    app().db,
    sql`select kind, amount_kopecks from transactions where payment_id = ${paymentId} order by id`,
  );

const statusOf = async (paymentId: string) =>
  (
    await queryRows<{ status: string }>(
      app().db,
      sql`select status from payments where id = ${paymentId}`,
    )
  )[0]?.status;

async function open(adapter: ProviderAdapter, amount: number): Promise<string> {
  const reply = await app().inject({
    method: 'POST',
    url: '/api/payments/create',
    headers: player.headers,
    payload: { amount, ...adapter.choose, email: 'player@example.com' },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  const { orderId } = reply.json<{ orderId: string }>();
  await adapter.opened(orderId);
  return orderId;
}

const shuffled = <T>(items: T[]) =>
  items
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

describe.each(['freekassa', 'yookassa', 'cryptopay'])('provider contract: %s', (id) => {
  const adapter = () => all.find((candidate) => candidate.id === id)!;

  it('credits a top-up exactly once after 20 duplicate and out-of-order notifications', async () => {
    const orderId = await open(adapter(), 100);
    const before = await balanceKopecks();
    // Five arrive before the provider's API shows the payment paid: none is taken at its word.
    const early = await Promise.all(Array.from({ length: 5 }, () => adapter().notice(orderId)));
    expect(early.every((status) => status === 409)).toBe(true);
    expect(await balanceKopecks()).toBe(before);

    adapter().pay(orderId);
    const late = await Promise.all(
      shuffled(Array.from({ length: 15 }, () => () => adapter().notice(orderId))).map((send) =>
        send(),
      ),
    );
    expect(late.every((status) => status === 200)).toBe(true);
    const rows = await rowsOf(orderId);
    expect(
      rows.filter((row) => row.kind === 'topup').map((row) => Number(row.amount_kopecks)),
    ).toEqual([10_000]);
    expect(rows.filter((row) => row.kind === 'bonus').length).toBeLessThanOrEqual(1);
    const credited = rows.reduce((sum, row) => sum + Number(row.amount_kopecks), 0);
    expect(await balanceKopecks()).toBe(before + credited);
    expect(await ledgerSum(app().db, player.id)).toBe(await balanceKopecks());
    expect(await statusOf(orderId)).toBe('paid');
  });

  it('credits nothing for a forged, unsigned or foreign notification, even of a paid payment', async () => {
    const orderId = await open(adapter(), 200);
    const other = await open(adapter(), 300);
    adapter().pay(orderId);
    const before = await balanceKopecks();
    for (const status of await Promise.all(adapter().forgeries(orderId, other))) {
      expect(status).toBe(400);
    }
    expect(await balanceKopecks()).toBe(before);
    expect(await rowsOf(orderId)).toEqual([]);
    expect(await rowsOf(other)).toEqual([]);
    expect(await statusOf(other)).toBe('pending');
  });

  it("credits nothing when the provider's API reports the payment unpaid", async () => {
    const orderId = await open(adapter(), 150);
    const before = await balanceKopecks();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      // 409: the provider hears no success and repeats it later, when its API may say paid.
      expect(await adapter().notice(orderId)).toBe(409);
    }
    expect(await balanceKopecks()).toBe(before);
    expect(await rowsOf(orderId)).toEqual([]);
    expect(await statusOf(orderId)).toBe('pending');
  });

  it('reverses the credit through the reversal module when the provider refunds it', async () => {
    const orderId = await open(adapter(), 400);
    const before = await balanceKopecks();
    adapter().pay(orderId);
    expect(await adapter().notice(orderId)).toBe(200);
    expect(await balanceKopecks()).toBeGreaterThan(before);
    const refund = adapter().refund;
    if (!refund) {
      // Crypto Pay has no refunds or chargebacks: the job finds none and the credit stands.
      await app().payments.reconcile();
      expect(await app().paymentProviders.get('cryptopay')!.listReversals(new Date(0))).toEqual([]);
      expect((await rowsOf(orderId)).some((row) => row.kind === 'reversal')).toBe(false);
      return;
    }
    refund(orderId);
    await app().payments.reconcile();
    await app().payments.reconcile();
    expect(await balanceKopecks()).toBe(before);
    const reversals = await queryRows<{ n: number }>(
      app().db,
      sql`select count(*)::int as n from payment_reversals where payment_id = ${orderId}`,
    );
    expect(reversals[0]?.n).toBe(1);
    expect(await ledgerSum(app().db, player.id)).toBe(await balanceKopecks());
  });
});
