import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/execute';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { balanceParts, ledgerSum, orderPaidKopecks, postEntry, type LedgerEntry } from './ledger';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop?.close());

const post = (entry: Omit<LedgerEntry, 'description' | 'method'>) =>
  shop.app.db.transaction((tx) => postEntry(tx, { description: 'x', method: 'x', ...entry }));
const parts = async (userId: number) => (await balanceParts(shop.app.db, userId))!;

/** The sum of a user's rows' paid parts: what the paid part of the balance must equal. */
async function paidRowsSum(userId: number): Promise<number> {
  const [row] = await queryRows<{ total: string }>(
    shop.app.db,
    sql`select coalesce(sum(paid_kopecks), 0) as total from transactions where user_id = ${userId}`,
  );
  return Number(row?.total ?? 0);
}

describe('paid money and bonus money', () => {
  it('credits a top-up as paid and its bonus as bonus; a purchase spends paid money first', async () => {
    const { id: userId } = await createAccount(shop.app, shop.config);
    await post({ userId, kind: 'topup', amountKopecks: 100_000 });
    await post({ userId, kind: 'bonus', amountKopecks: 10_000 });
    await post({ userId, kind: 'promo', amountKopecks: 5_000 });
    expect(await parts(userId)).toEqual({ paidKopecks: 100_000, bonusKopecks: 15_000 });

    const first = randomUUID();
    await post({ userId, kind: 'purchase', amountKopecks: -30_000, orderId: first });
    expect(await parts(userId)).toEqual({ paidKopecks: 70_000, bonusKopecks: 15_000 });
    const second = randomUUID();
    await post({ userId, kind: 'purchase', amountKopecks: -80_000, orderId: second });
    // 70 000 paid ran out, the other 10 000 came from the bonus.
    expect(await parts(userId)).toEqual({ paidKopecks: 0, bonusKopecks: 5_000 });
    expect(await orderPaidKopecks(shop.app.db, second)).toBe(70_000);

    // Refunds give back to the parts the order spent: its paid money first, then bonus.
    await post({ userId, kind: 'refund', amountKopecks: 60_000, orderId: second });
    expect(await parts(userId)).toEqual({ paidKopecks: 60_000, bonusKopecks: 5_000 });
    await post({ userId, kind: 'refund', amountKopecks: 20_000, orderId: second });
    expect(await parts(userId)).toEqual({ paidKopecks: 70_000, bonusKopecks: 15_000 });
    expect(await orderPaidKopecks(shop.app.db, second)).toBe(0);

    // An admin's debit takes bonus money first; an admin's credit is bonus.
    await post({ userId, kind: 'adjustment', amountKopecks: -20_000 });
    expect(await parts(userId)).toEqual({ paidKopecks: 65_000, bonusKopecks: 0 });
    await post({ userId, kind: 'adjustment', amountKopecks: 1_000 });
    expect(await parts(userId)).toEqual({ paidKopecks: 65_000, bonusKopecks: 1_000 });
    expect(await paidRowsSum(userId)).toBe(65_000);
    expect(await ledgerSum(shop.app.db, userId)).toBe(66_000);
  });

  it('keeps the paid part within the balance and equal to its rows, whatever happens', async () => {
    const credit = fc.record({
      kind: fc.constantFrom(
        'topup' as const,
        'bonus' as const,
        'promo' as const,
        'transfer' as const,
      ),
      amount: fc.integer({ min: 1, max: 500_000 }),
    });
    const debit = fc.record({
      kind: fc.constantFrom('purchase' as const, 'adjustment' as const),
      amount: fc.integer({ min: -600_000, max: -1 }),
    });
    const refund = fc.record({ kind: fc.constant('refund' as const), amount: fc.nat(100) });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(credit, debit, refund), { maxLength: 20 }),
        async (ops) => {
          const { id: userId } = await createAccount(shop.app, shop.config);
          const orders: Array<{ id: string; left: number }> = [];
          for (const op of ops) {
            if (op.kind === 'refund') {
              // A refund of part of an order not yet fully refunded.
              const order = orders.find((candidate) => candidate.left > 0);
              if (!order) continue;
              const amount = Math.max(1, Math.floor((order.left * op.amount) / 100));
              order.left -= amount;
              await post({ userId, kind: 'refund', amountKopecks: amount, orderId: order.id });
              continue;
            }
            const orderId = op.kind === 'purchase' ? randomUUID() : undefined;
            const before = await parts(userId);
            const balance = await post({
              userId,
              kind: op.kind,
              amountKopecks: op.amount,
              orderId,
            });
            if (balance !== null && orderId) {
              orders.push({ id: orderId, left: -op.amount });
              const spentPaid = await orderPaidKopecks(shop.app.db, orderId);
              expect(spentPaid).toBe(Math.min(-op.amount, before.paidKopecks));
            }
          }
          const { paidKopecks, bonusKopecks } = await parts(userId);
          expect(paidKopecks).toBeGreaterThanOrEqual(0);
          expect(bonusKopecks).toBeGreaterThanOrEqual(0);
          expect(await paidRowsSum(userId)).toBe(paidKopecks);
          expect(await ledgerSum(shop.app.db, userId)).toBe(paidKopecks + bonusKopecks);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('opens existing balances as paid up to the top-ups not spent (migration 0028)', async () => {
    const migration = readFileSync(
      path.join(import.meta.dirname, '../../db/migrations/0028_ledger_paid_and_bonus.sql'),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    const rich = await createAccount(shop.app, shop.config);
    const spent = await createAccount(shop.app, shop.config);
    const bonusOnly = await createAccount(shop.app, shop.config);
    // Rows as a shop before the split wrote them: no paid part anywhere.
    const history = async (userId: number, rows: Array<[string, number]>) => {
      for (const [kind, amount] of rows) {
        await shop.app.db.execute(
          sql`insert into transactions (user_id, kind, amount_kopecks, description, method)
              values (${userId}, ${kind}, ${amount}, 'old', 'old')`,
        );
      }
      const total = rows.reduce((sum, [, amount]) => sum + amount, 0);
      await shop.app.db.execute(
        sql`update users set balance_kopecks = ${total}, paid_kopecks = 0 where id = ${userId}`,
      );
    };
    await history(rich.id, [
      ['topup', 100_000],
      ['bonus', 10_000],
      ['purchase', -30_000],
    ]);
    await history(spent.id, [
      ['topup', 50_000],
      ['bonus', 5_000],
      ['purchase', -52_000],
    ]);
    await history(bonusOnly.id, [
      ['promo', 20_000],
      ['adjustment', 5_000],
    ]);
    await shop.app.db.execute(sql.raw(backfill));
    expect(await parts(rich.id)).toEqual({ paidKopecks: 70_000, bonusKopecks: 10_000 });
    expect(await parts(spent.id)).toEqual({ paidKopecks: 0, bonusKopecks: 3_000 });
    expect(await parts(bonusOnly.id)).toEqual({ paidKopecks: 0, bonusKopecks: 25_000 });
  });
});
