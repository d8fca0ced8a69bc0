import { bigint, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * The admin overview's totals of orders created before `cutoff` (a UTC midnight a month back), so the
 * figures read only the last month live. Rows of orders that old rarely change; when one does (a late
 * refund, a late settlement), a trigger deletes this row and the next read computes it again.
 */
export const revenueHistory = pgTable('revenue_history', {
  id: integer('id').primaryKey(),
  cutoff: timestamp('cutoff', { withTimezone: true }).notNull(),
  orders: bigint('orders', { mode: 'number' }).notNull(),
  completed: bigint('completed', { mode: 'number' }).notNull(),
  completedKopecks: bigint('completed_kopecks', { mode: 'number' }).notNull(),
  refundedKopecks: bigint('refunded_kopecks', { mode: 'number' }).notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});
