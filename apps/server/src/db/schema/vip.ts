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
  uuid,
} from 'drizzle-orm/pg-core';
import type { DeliveryPayload } from './delivery';
import { orderItems, orders } from './orders';
import { users } from './users';

/**
 * Every VIP term a player holds, one row per purchase, gift or admin grant (decision record 0027).
 * The live ones (waiting or running) form the player's plan in `position` order: the first runs, the
 * others wait their turn, each with the time it still has. The users row keeps the running term's
 * summary (tier, end of its block, server, revoke commands) that the rest of the shop reads.
 */
export const vipPeriods = pgTable(
  'vip_periods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier').notNull(),
    /** No foreign key: like an order, a term outlives a deleted server (its commands then go nowhere). */
    serverId: integer('server_id'),
    /** waiting (queued, or paused by a higher tier), running, ended. */
    state: text('state').notNull(),
    /** Its place among the player's live terms: 0 runs. */
    position: integer('position').notNull().default(0),
    /** Milliseconds still to run while waiting; null with endsBy only (bought until the wipe). */
    remainingMs: bigint('remaining_ms', { mode: 'number' }),
    /** Bought until the wipe: it ends at the predicted wipe (or at the wipe itself) wherever it stands. */
    endsBy: timestamp('ends_by', { withTimezone: true }),
    /** While running: when this run began and when it ends. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** When it first ran: a purchase's own delivery job (its grant) is queued then. */
    firstStartedAt: timestamp('first_started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** expired, refunded, wipe, by_hand, revoked. */
    endReason: text('end_reason'),
    /** What was bought, in days (0 for an admin's grant to a date). */
    days: integer('days').notNull().default(0),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .unique()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** A purchase's delivery job payload, queued for its order when the term first runs. */
    grantPayload: jsonb('grant_payload').$type<DeliveryPayload>(),
    /** Comma-separated console commands, resolved when granted: a resumed term runs its grant again. */
    grantCommands: text('grant_commands').notNull(),
    revokeCommands: text('revoke_commands').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('vip_periods_user_idx').on(table.userId, table.state, table.position),
    // The expiry sweep: running terms whose end has come.
    index('vip_periods_due_idx').on(table.state, table.endsAt),
    index('vip_periods_order_idx').on(table.orderId),
    check('vip_periods_state', sql`${table.state} in ('waiting', 'running', 'ended')`),
    check(
      'vip_periods_running_has_end',
      sql`${table.state} <> 'running' or (${table.startedAt} is not null and ${table.endsAt} is not null)`,
    ),
  ],
);
