import { formatRoubles, kopecksToRoubles, type Kopecks, type Transaction } from '@shop/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
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
  /** When it happened, if not now: the demo's history of past activity is written this way. */
  at?: Date;
}

/**
 * The only way a balance changes: one conditional update of the balance and one ledger row, in the
 * caller's transaction. A debit that would take the balance below zero changes nothing and returns
 * null, so concurrent purchases can never overdraw. Returns the new balance otherwise. The rule is
 * written once, as the ledger's SQL function `ledger_post` (migration 0010), which the one-statement
 * purchase calls too; the balance column of `users` is the ledger's to write (module-map.json).
 */
export async function postEntry(tx: Db, entry: LedgerEntry): Promise<Kopecks | null> {
  if (!Number.isSafeInteger(entry.amountKopecks) || entry.amountKopecks === 0) {
    throw new RangeError('a ledger entry moves a whole, non-zero number of kopecks');
  }
  const [row] = await queryRows<{ balance: string | number | null }>(
    tx,
    sql`select ledger_post(${entry.userId}::integer, ${entry.amountKopecks}::bigint,
      ${entry.kind}::text, ${entry.description}::text, ${entry.method}::text,
      ${entry.paymentId ?? null}::uuid, ${entry.orderId ?? null}::uuid) as balance`,
  );
  if (row?.balance == null) return null;
  if (entry.at) {
    // The row ledger_post just wrote in this transaction is the session's latest of the sequence.
    await tx.execute(
      sql`update transactions set created_at = ${entry.at.toISOString()}
          where id = currval(pg_get_serial_sequence('transactions', 'id'))`,
    );
  }
  return Number(row.balance);
}

/**
 * A credited top-up taken back (refund, chargeback): `amountKopecks` (positive) comes off the
 * balance whatever it is, in one row-locked update with its ledger row, in the caller's
 * transaction. It is the only entry that may leave the balance below zero, and users.reversed_kopecks
 * grows with it, so the balance never falls further than everything reversed (the check
 * users_balance_within_reversals). A debit while the balance is negative is refused by ledger_post
 * (no balance below zero covers one): purchases and gifts stop until a top-up repays the debt.
 */
export async function postReversal(
  tx: Db,
  entry: {
    userId: number;
    amountKopecks: Kopecks;
    description: string;
    method: string;
    paymentId: string;
  },
): Promise<Kopecks> {
  if (!Number.isSafeInteger(entry.amountKopecks) || entry.amountKopecks <= 0) {
    throw new RangeError('a reversal takes a whole, positive number of kopecks');
  }
  // Back out of the parts it came in as: the top-up's money from the paid part (which may go below
  // zero with the balance), its bonus from the bonus part.
  const [topUp] = await tx
    .select({ amount: transactions.amountKopecks })
    .from(transactions)
    .where(and(eq(transactions.paymentId, entry.paymentId), eq(transactions.kind, 'topup')));
  const paid = Math.min(topUp?.amount ?? 0, entry.amountKopecks);
  const [row] = await queryRows<{ balance: string | number }>(
    tx,
    sql`update users set balance_kopecks = balance_kopecks - ${entry.amountKopecks}::bigint,
          reversed_kopecks = reversed_kopecks + ${entry.amountKopecks}::bigint,
          paid_kopecks = paid_kopecks - ${paid}::bigint
        where id = ${entry.userId} returning balance_kopecks as balance`,
  );
  if (!row) throw new Error(`no user ${entry.userId}`);
  await tx.insert(transactions).values({
    userId: entry.userId,
    kind: 'reversal',
    amountKopecks: -entry.amountKopecks,
    paidKopecks: -paid,
    description: entry.description,
    method: entry.method,
    paymentId: entry.paymentId,
  });
  return Number(row.balance);
}

/** What a payment brought to the balance: its top-up and bonus rows (0 when never credited). */
export async function paymentCredits(db: Db, paymentId: string): Promise<Kopecks> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${transactions.amountKopecks}), 0)` })
    .from(transactions)
    .where(
      and(
        eq(transactions.paymentId, paymentId),
        inArray(transactions.kind, ['topup', 'bonus']),
        eq(transactions.status, 'completed'),
      ),
    );
  return Number(row?.total ?? 0);
}

/** A user's balance as it is now (negative while a reversal's debt is unpaid). */
export async function balanceOf(db: Db, userId: number): Promise<Kopecks | null> {
  const [row] = await db
    .select({ balance: users.balanceKopecks })
    .from(users)
    .where(eq(users.id, userId));
  return row ? row.balance : null;
}

/**
 * A balance in its two parts: money the player paid and bonus money (their sum is the balance the
 * player sees). Purchases spend the paid part first; fiscal receipts cover only it.
 */
export async function balanceParts(
  db: Db,
  userId: number,
): Promise<{ paidKopecks: Kopecks; bonusKopecks: Kopecks } | null> {
  const [row] = await db
    .select({ balance: users.balanceKopecks, paid: users.paidKopecks })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { paidKopecks: row.paid, bonusKopecks: row.balance - row.paid } : null;
}

/** The paid money an order's purchase spent, less what its refunds gave back to the paid part. */
export async function orderPaidKopecks(db: Db, orderId: string): Promise<Kopecks> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(-sum(${transactions.paidKopecks}), 0)` })
    .from(transactions)
    .where(
      and(
        eq(transactions.orderId, orderId),
        inArray(transactions.kind, ['purchase', 'refund']),
        eq(transactions.status, 'completed'),
      ),
    );
  return Number(row?.total ?? 0);
}

/** Who took a top-up back: the method its reversal row carries. */
export const REVERSAL_METHOD = { provider: 'FreeKassa', admin: 'Администратор' } as const;

export interface DebtNotice {
  owedKopecks: Kopecks;
  /** Why nothing can be bought, how much is owed and what to do, as the player is told. */
  message: string;
}

const reversedBy = (method: string | undefined) =>
  method === REVERSAL_METHOD.admin ? 'администратором' : 'платёжной системой';

/**
 * The debt a reversal left, or null while the balance is not negative: purchases and gifts are
 * refused with this message until a top-up repays it.
 */
export async function debtNotice(db: Db, userId: number): Promise<DebtNotice | null> {
  const balance = await balanceOf(db, userId);
  if (balance === null || balance >= 0) return null;
  const [latest] = await db
    .select({ method: transactions.method })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.kind, 'reversal')))
    .orderBy(desc(transactions.id))
    .limit(1);
  return {
    owedKopecks: -balance,
    message:
      `Пополнение отменено ${reversedBy(latest?.method)}: долг ` +
      `${formatRoubles(kopecksToRoubles(-balance))}. Пополните баланс, чтобы снова покупать.`,
  };
}

/**
 * A user's ledger, newest first, a page at a time: `before` is the last row of the page shown
 * already (by time, then id); a row that is not theirs gives an empty page.
 */
export async function listTransactions(
  db: Db,
  userId: number,
  page: { before?: number | undefined; limit?: number } = {},
): Promise<Transaction[]> {
  const rows = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        page.before === undefined
          ? undefined
          : sql`(${transactions.createdAt}, ${transactions.id}) < (
              select b.created_at, b.id from transactions b
              where b.id = ${page.before} and b.user_id = ${userId})`,
      ),
    )
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(page.limit ?? 200);
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

export interface LedgerCheck {
  users: number;
  /** Users whose balance is not the sum of their completed ledger rows: 0 in a sound shop. */
  mismatched: number;
  /** The sum of every balance, in kopecks. */
  balancesKopecks: number;
}

/** The money rule checked over every user at once (after a restore or a move, for one). */
export async function checkLedger(db: Db): Promise<LedgerCheck> {
  const [row] = await queryRows<{ users: string; mismatched: string; total: string | null }>(
    db,
    sql`select count(*) as users,
      count(*) filter (where u.balance_kopecks <> coalesce(t.total, 0)) as mismatched,
      sum(u.balance_kopecks) as total
      from users u left join (
        select user_id, sum(amount_kopecks) as total from transactions
        where status = 'completed' group by user_id) t on t.user_id = u.id`,
  );
  return {
    users: Number(row?.users ?? 0),
    mismatched: Number(row?.mismatched ?? 0),
    balancesKopecks: Number(row?.total ?? 0),
  };
}
