import { kopecksToRoubles, type Kopecks, type Transaction } from '@shop/shared';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactions, users, type LedgerKind } from '../../db/schema/index';

export interface LedgerEntry {
  userId: number;
  kind: LedgerKind;
  /** Signed: credits positive, debits negative. */
  amountKopecks: Kopecks;
  description: string;
  method: string;
  paymentId?: string;
  orderId?: string;
}

/**
 * The only way a balance changes: one conditional update of the balance and one ledger row, in the
 * caller's transaction. A debit that would take the balance below zero changes nothing and returns
 * null, so concurrent purchases can never overdraw. Returns the new balance otherwise.
 */
export async function postEntry(tx: Db, entry: LedgerEntry): Promise<Kopecks | null> {
  if (!Number.isSafeInteger(entry.amountKopecks) || entry.amountKopecks === 0) {
    throw new RangeError('a ledger entry moves a whole, non-zero number of kopecks');
  }
  const [updated] = await tx
    .update(users)
    .set({ balanceKopecks: sql`${users.balanceKopecks} + ${entry.amountKopecks}` })
    .where(
      and(
        eq(users.id, entry.userId),
        entry.amountKopecks < 0 ? gte(users.balanceKopecks, -entry.amountKopecks) : undefined,
      ),
    )
    .returning({ balance: users.balanceKopecks });
  if (!updated) return null;
  await tx.insert(transactions).values({
    userId: entry.userId,
    kind: entry.kind,
    amountKopecks: entry.amountKopecks,
    description: entry.description,
    method: entry.method,
    paymentId: entry.paymentId,
    orderId: entry.orderId,
  });
  return updated.balance;
}

export async function listTransactions(
  db: Db,
  userId: number,
  limit = 200,
): Promise<Transaction[]> {
  const rows = await db
    .select()
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    description: row.description,
    date: row.createdAt.toISOString(),
    method: row.method,
    amount: kopecksToRoubles(row.amountKopecks),
    status: row.status === 'completed' ? 'completed' : 'pending',
  }));
}

/** For the invariant checks: the sum of a user's completed ledger rows. */
export async function ledgerSum(db: Db, userId: number): Promise<Kopecks> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${transactions.amountKopecks}), 0)` })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.status, 'completed')));
  return Number(row?.total ?? 0);
}
