import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The owner's choice among the payment methods of the configured providers: which ones the top-up
 * dialog offers, and in what order. A method with no row is on, after the ordered ones (a provider
 * whose settings are set starts with all its methods on). Owned by the payments module.
 */
export const paymentMethodSettings = pgTable(
  'payment_method_settings',
  {
    /** `freekassa`, `yookassa`, `cryptopay`. */
    provider: text('provider').notNull(),
    /** The provider's method id, `paymentSystemId` of the top-up. */
    methodId: text('method_id').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.methodId] })],
);
