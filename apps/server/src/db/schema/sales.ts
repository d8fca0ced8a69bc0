import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sales: `percent` off the products they target while they run. Timed (starts_at..ends_at), or
 * tied to a server's wipe: the first `after_wipe_hours` after each wipe of `server_id`, on it only.
 */
export const sales = pgTable(
  'sales',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    percent: smallint('percent').notNull(),
    /** 'all', 'category' (with category) or 'products' (with product_ids). */
    targetKind: text('target_kind').notNull(),
    category: text('category'),
    productIds: integer('product_ids').array(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    afterWipeHours: integer('after_wipe_hours'),
    /** No foreign key: a deleted server's wipe sale simply never runs again. */
    serverId: integer('server_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('sales_percent', sql`${table.percent} between 1 and 90`),
    check(
      'sales_target',
      sql`(${table.targetKind} = 'all' and ${table.category} is null and ${table.productIds} is null)
        or (${table.targetKind} = 'category' and ${table.category} is not null and ${table.productIds} is null)
        or (${table.targetKind} = 'products' and ${table.category} is null and cardinality(${table.productIds}) > 0)`,
    ),
    check(
      'sales_when',
      sql`(${table.startsAt} is not null and ${table.endsAt} > ${table.startsAt}
          and ${table.afterWipeHours} is null and ${table.serverId} is null)
        or (${table.startsAt} is null and ${table.endsAt} is null
          and ${table.afterWipeHours} between 1 and 720 and ${table.serverId} is not null)`,
    ),
  ],
);
