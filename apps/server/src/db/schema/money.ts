import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const ledgerKinds = [
  'topup',
  'bonus',
  'promo',
  'purchase',
  'refund',
  'adjustment',
  /** A balance brought from another shop (the balance import). */
  'transfer',
  /** A credited top-up taken back (refund, chargeback): the one entry that may leave a debt. */
  'reversal',
] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/** A top-up through the payment provider. Its id is the order id the provider knows. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    /** The shop's base bonus (its bonus percent setting), fixed when the payment is created. */
    bonusKopecks: bigint('bonus_kopecks', { mode: 'number' }).notNull().default(0),
    /** The shop's base bonus percent when the top-up was opened (null: before it was a setting, 10). */
    bonusPercent: integer('bonus_percent'),
    /** The extra bonus of an activated percentage code, paid only if the code is still unused then. */
    promoBonusKopecks: bigint('promo_bonus_kopecks', { mode: 'number' }).notNull().default(0),
    /** The tier's threshold in roubles whose percent replaced the base one; null: the base applied. */
    bonusTierFrom: integer('bonus_tier_from'),
    /** The first top-up's extra bonus, paid only if no other top-up of the player is credited first. */
    firstBonusKopecks: bigint('first_bonus_kopecks', { mode: 'number' }).notNull().default(0),
    firstBonusPercent: integer('first_bonus_percent').notNull().default(0),
    /** The promo code's percent counted on (null: none, or a top-up opened before it was kept). */
    promoPercent: integer('promo_percent'),
    /** Which provider took it: freekassa, yookassa or cryptopay (payment-provider.ts). */
    provider: text('provider').notNull().default('freekassa'),
    /** The provider's method id (`card`, `sbp`, `bank_card`, `crypto`…). */
    method: text('method').notNull(),
    email: text('email').notNull(),
    status: text('status').notNull().default('pending'),
    providerId: text('provider_id'),
    /** Where the player pays (the provider's page); reused when the player retries. */
    payUrl: text('pay_url'),
    promoActivationId: integer('promo_activation_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    index('payments_user_idx').on(table.userId, table.createdAt),
    index('payments_pending_idx').on(table.status, table.createdAt),
    // Payment statistics per day read from the index alone.
    index('payments_paid_idx').on(table.status, table.paidAt, table.amountKopecks),
    check('payments_status', sql`${table.status} in ('pending', 'paid', 'cancelled', 'failed')`),
    check('payments_provider', sql`${table.provider} in ('freekassa', 'yookassa', 'cryptopay')`),
    // A notification names the payment by the provider's own id (YooKassa, Crypto Pay).
    index('payments_provider_id_idx').on(table.provider, table.providerId),
    check('payments_amount_positive', sql`${table.amountKopecks} > 0`),
  ],
);

/**
 * A credited top-up taken back: refunded or charged back at the provider (found by the
 * reconciliation job) or recorded by an admin. One per payment, whoever records it first.
 */
export const paymentReversals = pgTable(
  'payment_reversals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** What the reversal took from the balance: the top-up and the bonus it brought. */
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    /** 'provider': FreeKassa reports the order refunded (a chargeback too); 'admin': by hand. */
    source: text('source').$type<'provider' | 'admin'>().notNull(),
    reason: text('reason').notNull(),
    /** The admin who recorded it; null for the reconciliation job. */
    adminId: integer('admin_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('payment_reversals_once').on(table.paymentId),
    index('payment_reversals_user_idx').on(table.userId, table.createdAt),
    check('payment_reversals_source', sql`${table.source} in ('provider', 'admin')`),
    check('payment_reversals_amount_positive', sql`${table.amountKopecks} > 0`),
  ],
);

/**
 * A top-up the provider refunded in part (the owner gave some money back in its dashboard): the
 * shop takes back whole top-ups only, so the balance stays as it was and the admin decides. One row
 * per payment, its refunded sum as the provider last reported it; `settled_at` once an admin has
 * dealt with it (or the refunds reached the whole payment and it was reversed).
 */
export const paymentPartialRefunds = pgTable(
  'payment_partial_refunds',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => payments.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    /** What the payment brought in (its amount, without the bonus). */
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    /** What went back to the payer so far, as the provider reports it. */
    refundedKopecks: bigint('refunded_kopecks', { mode: 'number' }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The admin who marked it dealt with; null when the job settled it by a full reversal. */
    settledBy: integer('settled_by').references(() => users.id),
  },
  (table) => [
    index('payment_partial_refunds_open_idx')
      .on(table.updatedAt)
      .where(sql`settled_at is null`),
    check('payment_partial_refunds_positive', sql`${table.refundedKopecks} > 0`),
  ],
);

/** The ledger: every change of a balance is one row here, written with the balance change. */
export const transactions = pgTable(
  'transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<LedgerKind>().notNull(),
    /** Signed kopecks: credits positive, debits negative. */
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    /**
     * Signed, the part of the amount that moved paid money (the rest moved bonus money); 0 for rows
     * written before the ledger kept the two apart (migration 0028).
     */
    paidKopecks: bigint('paid_kopecks', { mode: 'number' }).notNull().default(0),
    description: text('description').notNull(),
    method: text('method').notNull(),
    status: text('status').notNull().default('completed'),
    paymentId: uuid('payment_id').references(() => payments.id),
    orderId: uuid('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('transactions_user_idx').on(table.userId, table.createdAt),
    index('transactions_refund_idx')
      .on(table.orderId, table.amountKopecks)
      .where(sql`${table.kind} = 'refund'`),
    // A refund finds the paid money its order spent (ledger_post, migration 0028).
    index('transactions_order_idx')
      .on(table.orderId)
      .where(sql`${table.orderId} is not null`),
    // The receipts worker's scan: recent rows that moved paid money (docs/decisions/0035).
    index('transactions_paid_idx')
      .on(table.createdAt)
      .where(sql`${table.paidKopecks} <> 0`),
    // A payment credits its top-up and its bonus once each, whatever races or replays.
    unique('transactions_payment_kind').on(table.paymentId, table.kind),
    check('transactions_amount_not_zero', sql`${table.amountKopecks} <> 0`),
  ],
);

export const promocodes = pgTable(
  'promocodes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    /** Percent for 'percentage', roubles for 'fixed'. */
    discount: numeric('discount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    type: text('type').notNull().default('percentage'),
    usageLimit: integer('usage_limit').notNull(),
    usageCount: integer('usage_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('promocodes_type', sql`${table.type} in ('percentage', 'fixed')`),
    check('promocodes_usage', sql`${table.usageCount} <= ${table.usageLimit}`),
  ],
);

export const promoActivations = pgTable(
  'promo_activations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promocodeId: integer('promocode_id')
      .notNull()
      .references(() => promocodes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** For a percentage code: the top-up that used it; null while it waits for one. */
    paymentId: uuid('payment_id').references(() => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('promo_activations_once').on(table.promocodeId, table.userId)],
);
