import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ReceiptSettings } from '../../config-receipts';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { receipts, type ReceiptLine, type ReceiptState } from '../../db/schema/index';
import { ADVANCE_LINE, allocate, linesFor, orderLineText } from './receipt-lines';

/** Ledger rows older than this get no receipt: a receipt is due when the money moves. */
const WINDOW = sql`now() - interval '7 days'`;
const BATCH = 100;

/** The provider whose top-ups carry receipts (payments.provider). */
export const RECEIPT_PROVIDER = 'yookassa';

interface Candidate {
  id: number;
  user_id: number;
  kind: 'topup' | 'purchase' | 'refund' | 'reversal';
  paid: string;
  payment_id: string | null;
  order_id: string | null;
  email: string | null;
  reversal_source: 'provider' | 'admin' | null;
}

/** Advances a player has left to offset: registered (or on their way) less settled, plus refunds. */
async function unsettled(db: Db, userId: number): Promise<number> {
  const [row] = await queryRows<{ left: string }>(
    db,
    sql`select coalesce(sum(case
          when kind = 'advance' then amount_kopecks
          when kind = 'refund' then amount_kopecks
          else -amount_kopecks end), 0) as left
        from receipts where user_id = ${userId}
          and state in ('queued', 'registering', 'succeeded', 'by_yookassa')`,
  );
  return Math.max(0, Number(row?.left ?? 0));
}

/** The player's latest advance before a ledger row: the payment a settlement is tied to. */
async function latestAdvance(db: Db, userId: number, beforeTransaction: number) {
  const [row] = await queryRows<{ payment_id: string; email: string }>(
    db,
    sql`select payment_id, email from receipts
        where user_id = ${userId} and kind = 'advance' and transaction_id < ${beforeTransaction}
          and state in ('queued', 'registering', 'succeeded')
        order by transaction_id desc limit 1`,
  );
  return row;
}

/** An order's lines, with their price as the weight of each line's share. */
async function orderLines(db: Db, orderId: string) {
  const rows = await queryRows<{ name: string; quantity: number; total_kopecks: string }>(
    db,
    sql`select name, quantity, total_kopecks from order_items where order_id = ${orderId}
        order by id`,
  );
  return rows.map((row) => ({
    description: orderLineText(row.name, row.quantity),
    weightKopecks: Number(row.total_kopecks),
  }));
}

/** What an order's settlement covered per line, less what earlier refund receipts gave back. */
async function settledLines(db: Db, orderId: string) {
  const rows = await queryRows<{
    kind: string;
    lines: ReceiptLine[];
    payment_id: string;
    email: string;
  }>(
    db,
    sql`select kind, lines, payment_id, email from receipts
        where order_id = ${orderId} and kind in ('settlement', 'refund') and amount_kopecks > 0
          and state in ('queued', 'registering', 'succeeded')
        order by id`,
  );
  const settlement = rows.find((row) => row.kind === 'settlement');
  if (!settlement) return null;
  const left = settlement.lines.map((line) => ({ ...line }));
  for (const refund of rows.filter((row) => row.kind === 'refund')) {
    for (const line of refund.lines) {
      const same = left.filter((candidate) => candidate.description === line.description);
      const match =
        same.find((candidate) => candidate.amountKopecks >= line.amountKopecks) ?? same[0];
      if (match) match.amountKopecks -= line.amountKopecks;
    }
  }
  return { paymentId: settlement.payment_id, email: settlement.email, left };
}

type NewReceipt = typeof receipts.$inferInsert;

/** The receipt a ledger row calls for, or null when it calls for none. */
async function receiptFor(
  db: Db,
  settings: ReceiptSettings,
  row: Candidate,
): Promise<NewReceipt | null> {
  const paid = Math.abs(Number(row.paid));
  const base = { userId: row.user_id, transactionId: row.id, requestKey: randomUUID() };
  const skipped = (note: string): Pick<NewReceipt, 'state' | 'lastError'> => ({
    state: 'skipped' satisfies ReceiptState,
    lastError: note,
  });
  if (row.kind === 'topup') {
    if (!row.payment_id || !row.email) return null;
    const lines = [{ description: ADVANCE_LINE, quantity: 1, amountKopecks: paid }];
    return {
      ...base,
      kind: 'advance',
      paymentId: row.payment_id,
      amountKopecks: paid,
      lines,
      email: row.email,
    };
  }
  if (row.kind === 'reversal') {
    const [advance] = await queryRows<{ amount_kopecks: string; email: string }>(
      db,
      sql`select amount_kopecks, email from receipts where payment_id = ${row.payment_id}
          and kind = 'advance' and state in ('queued', 'registering', 'succeeded')`,
    );
    if (!advance || !row.payment_id) return null;
    const amount = Number(advance.amount_kopecks);
    const lines = [{ description: ADVANCE_LINE, quantity: 1, amountKopecks: amount }];
    const common = {
      ...base,
      kind: 'advance_refund' as const,
      paymentId: row.payment_id,
      amountKopecks: amount,
      lines,
      email: advance.email,
    };
    // A refund YooKassa made forms its refund receipt (and annuls a «Мой налог» one) itself.
    if (row.reversal_source === 'provider') return { ...common, state: 'by_yookassa' };
    if (settings.mode !== '54fz') {
      return {
        ...common,
        ...skipped('Отмена записана вручную: аннулируйте чек в «Мой налог» сами'),
      };
    }
    return common;
  }
  if (settings.mode !== '54fz' || !row.order_id) return null;
  if (row.kind === 'purchase') {
    const advance = await latestAdvance(db, row.user_id, row.id);
    if (!advance) return null;
    const amount = Math.min(paid, await unsettled(db, row.user_id));
    const common = {
      ...base,
      kind: 'settlement' as const,
      paymentId: advance.payment_id,
      orderId: row.order_id,
      email: advance.email,
    };
    if (amount === 0) {
      return {
        ...common,
        amountKopecks: 0,
        lines: [],
        ...skipped('Нет аванса в ЮKassa, который можно зачесть'),
      };
    }
    const lines = linesFor(await orderLines(db, row.order_id), amount);
    return { ...common, amountKopecks: amount, lines };
  }
  // An order's refund to the balance: its paid money, as far as the settlement covered it.
  const settled = await settledLines(db, row.order_id);
  if (!settled) return null;
  const room = settled.left.reduce((sum, line) => sum + Math.max(line.amountKopecks, 0), 0);
  const amount = Math.min(paid, room);
  const common = {
    ...base,
    kind: 'refund' as const,
    paymentId: settled.paymentId,
    orderId: row.order_id,
    email: settled.email,
  };
  if (amount === 0)
    return { ...common, amountKopecks: 0, lines: [], ...skipped('Зачёт по заказу уже возвращён') };
  const shares = allocate(
    settled.left.map((line) => Math.max(line.amountKopecks, 0)),
    amount,
  );
  const lines = settled.left.flatMap((line, index) =>
    shares[index]! > 0
      ? [{ description: line.description, quantity: 1, amountKopecks: shares[index]! }]
      : [],
  );
  return { ...common, amountKopecks: amount, lines };
}

/**
 * Finds the ledger rows of the last week that call for a receipt and have none, oldest first, and
 * records one for each (docs/decisions/0035): a YooKassa top-up's advance; in the 54fz mode an
 * order's settlement and its refunds; a reversed top-up's refund. Leader-only; a row's receipt is
 * unique, so a second scan records nothing twice. Returns how many it recorded.
 * A new receipt is due at once by `now`, the clock of the worker's due check: the column's default
 * (the database's now(), in microseconds) can be ahead of it and hold the receipt to the next pass.
 */
export async function scanLedger(
  db: Db,
  settings: ReceiptSettings,
  now: () => Date = () => new Date(),
): Promise<number> {
  if (settings.mode === 'none') return 0;
  // Which rows may call for one: self-employed receipts are the top-up's only.
  const kinds =
    settings.mode === '54fz'
      ? sql`('topup', 'purchase', 'refund', 'reversal')`
      : sql`('topup', 'reversal')`;
  let recorded = 0;
  let after = 0;
  for (;;) {
    const rows = await queryRows<Candidate>(
      db,
      sql`select t.id, t.user_id, t.kind, t.paid_kopecks as paid, t.payment_id, t.order_id,
            p.email, pr.source as reversal_source
          from transactions t
          left join payments p on p.id = t.payment_id
          left join payment_reversals pr on pr.payment_id = t.payment_id and t.kind = 'reversal'
          where t.paid_kopecks <> 0 and t.created_at > ${WINDOW} and t.status = 'completed'
            and t.id > ${after} and t.kind in ${kinds}
            and not exists (select 1 from receipts r where r.transaction_id = t.id)
            and case t.kind
              when 'topup' then p.provider = ${RECEIPT_PROVIDER}
              -- Only what an advance at YooKassa can be behind: the rest is skipped cheaply.
              when 'reversal' then exists (select 1 from receipts a
                where a.payment_id = t.payment_id and a.kind = 'advance')
              when 'purchase' then exists (select 1 from receipts a
                where a.user_id = t.user_id and a.kind = 'advance')
              else exists (select 1 from receipts s where s.user_id = t.user_id
                and s.kind = 'settlement' and s.order_id = t.order_id)
            end
          order by t.id limit ${BATCH}`,
    );
    for (const row of rows) {
      const receipt = await receiptFor(db, settings, row);
      if (!receipt) continue;
      await db
        .insert(receipts)
        .values({ ...receipt, nextAttemptAt: now() })
        .onConflictDoNothing();
      recorded += 1;
    }
    if (rows.length < BATCH) return recorded;
    after = rows.at(-1)!.id;
  }
}
