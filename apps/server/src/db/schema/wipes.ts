import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orderItems } from './orders';
import { servers } from './servers';

/**
 * Every wipe of a server the shop knows of. The monitor records one when the save's creation time
 * (serverinfo's SaveCreatedTime) changes: the same save after a restart is the same row, so a
 * restart is never a wipe. An admin may also mark one by hand.
 */
export const serverWipes = pgTable(
  'server_wipes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    /** When the world was made (the save's creation time), or the time an admin gave. */
    wipedAt: timestamp('wiped_at', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
    map: text('map'),
    seed: integer('seed'),
    worldSize: integer('world_size'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('server_wipes_server_time_idx').on(table.serverId, table.wipedAt),
    check('server_wipes_source', sql`${table.source} in ('detected', 'manual')`),
  ],
);

/**
 * An until-wipe purchase whose revoke commands were queued at a wipe: one row per order line, so
 * they run once, at the first wipe after the purchase, whichever process saw it.
 */
export const wipeRevocations = pgTable(
  'wipe_revocations',
  {
    orderItemId: integer('order_item_id')
      .primaryKey()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    wipeId: integer('wipe_id')
      .notNull()
      .references(() => serverWipes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('wipe_revocations_wipe_idx').on(table.wipeId)],
);
