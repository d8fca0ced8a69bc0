import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createUsersRepository } from '../users/users-repository';
import { ledgerSum, postEntry, type LedgerEntry } from './ledger';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop?.close());

const operation = fc.oneof(
  fc.record({
    kind: fc.constant('topup' as const),
    amount: fc.integer({ min: 1_000, max: 1_500_000 }),
  }),
  fc.record({
    kind: fc.constant('bonus' as const),
    amount: fc.integer({ min: 100, max: 150_000 }),
  }),
  fc.record({ kind: fc.constant('promo' as const), amount: fc.integer({ min: 100, max: 50_000 }) }),
  fc.record({
    kind: fc.constant('purchase' as const),
    amount: fc.integer({ min: -2_000_000, max: -1 }),
  }),
);

describe('ledger', () => {
  it('keeps every balance equal to the sum of its ledger and never negative, whatever happens', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations) => {
        const { id: userId } = await createAccount(shop.app, shop.config);
        let expected = 0;
        for (const op of operations) {
          const entry: LedgerEntry = {
            userId,
            kind: op.kind,
            amountKopecks: op.amount,
            description: op.kind,
            method: 'test',
          };
          const balance = await shop.app.db.transaction((tx) => postEntry(tx, entry));
          if (expected + op.amount < 0) {
            expect(balance).toBeNull();
          } else {
            expected += op.amount;
            expect(balance).toBe(expected);
          }
        }
        const user = await createUsersRepository(shop.app.db).findById(userId);
        expect(user?.balanceKopecks).toBe(expected);
        expect(await ledgerSum(shop.app.db, userId)).toBe(expected);
        expect(expected).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 40 },
    );
  });

  it('lets concurrent debits take a balance exactly to zero and no further', async () => {
    const { id: userId } = await createAccount(shop.app, shop.config);
    await shop.app.db.transaction((tx) =>
      postEntry(tx, {
        userId,
        kind: 'topup',
        amountKopecks: 10_000,
        description: 'x',
        method: 'x',
      }),
    );
    const debits = await Promise.all(
      Array.from({ length: 30 }, () =>
        shop.app.db.transaction((tx) =>
          postEntry(tx, {
            userId,
            kind: 'purchase',
            amountKopecks: -1_000,
            description: 'x',
            method: 'x',
          }),
        ),
      ),
    );
    expect(debits.filter((balance) => balance !== null)).toHaveLength(10);
    expect(await ledgerSum(shop.app.db, userId)).toBe(0);
  });

  it('refuses to move fractions of a kopeck or nothing at all', async () => {
    const { id: userId } = await createAccount(shop.app, shop.config);
    for (const amountKopecks of [0, 0.5, Number.NaN]) {
      await expect(
        postEntry(shop.app.db, {
          userId,
          kind: 'topup',
          amountKopecks,
          description: 'x',
          method: 'x',
        }),
      ).rejects.toThrow(RangeError);
    }
  });
});
