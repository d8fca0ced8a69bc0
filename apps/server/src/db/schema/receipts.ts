import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { payments, transactions } from './money';
import { users } from './users';

/**
 * `advance`: the top-up's receipt, carried in the YooKassa payment; `settlement`: an order bought
 * with the balance, offset against the advance; `refund`: an order's refund to the balance;
 * `advance_refund`: a reversed top-up (docs/decisions/0035).
 */
export const receiptKinds = ['advance', 'settlement', 'refund', 'advance_refund'] as const;
export type ReceiptKind = (typeof receiptKinds)[number];

/**
 * `queued`: to be sent (an advance: to be checked) at `next_attempt_at`; `registering`: YooKassa
 * accepted it and registers it; `succeeded`; `failed`: given up after every retry; `by_yookassa`:
 * YooKassa forms it itself, the shop sends nothing; `skipped`: nothing to register (an advance whose
 * payment carried no receipt).
 */
export const receiptStates = [
  'queued',
  'registering',
  'succeeded',
  'failed',
  'by_yookassa',
  'skipped',
] as const;
export type ReceiptState = (typeof receiptStates)[number];

/** One line of a receipt as sent: the name, how many, and the money it covers. */
export interface ReceiptLine {
  description: string;
  quantity: number;
  amountKopecks: number;
}

/** Fiscal receipts through YooKassa (54-ФЗ): the receipts module's, one row per receipt. */
export const receipts = pgTable(
  'receipts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<ReceiptKind>().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The top-up (ours) whose YooKassa payment the receipt is registered against. */
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    orderId: uuid('order_id'),
    /** The ledger row it covers (purchase, refund, top-up, reversal): one receipt per row. */
    transactionId: integer('transaction_id').references(() => transactions.id),
    /** The paid money it covers, in kopecks (the sum of its lines); 0 only when `skipped`. */
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    lines: jsonb('lines').$type<ReceiptLine[]>().notNull(),
    email: text('email').notNull(),
    state: text('state').$type<ReceiptState>().notNull().default('queued'),
    /** YooKassa's receipt id once it accepted one. */
    providerReceiptId: text('provider_receipt_id'),
    /** The Idempotence-Key of the request: kept across retries, renewed after a refusal. */
    requestKey: text('request_key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('receipts_transaction_once').on(table.transactionId),
    // The worker's queue: due rows only.
    index('receipts_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.state} in ('queued', 'registering')`),
    index('receipts_payment_idx').on(table.paymentId, table.id),
    index('receipts_user_idx').on(table.userId, table.kind),
    // 0 only for a `skipped` row: paid money spent with no advance at YooKassa left to offset.
    check('receipts_amount_not_negative', sql`${table.amountKopecks} >= 0`),
    check(
      'receipts_kind',
      sql`${table.kind} in ('advance', 'settlement', 'refund', 'advance_refund')`,
    ),
    check(
      'receipts_state',
      sql`${table.state} in ('queued', 'registering', 'succeeded', 'failed', 'by_yookassa', 'skipped')`,
    ),
  ],
);
