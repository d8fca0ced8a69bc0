import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { orderItems, orders } from './orders';
import { users } from './users';

/** Set on a gift's jobs: what the game tells the recipient when the delivery lands. */
export interface GiftNote {
  from: string;
  /** The buyer's note, when they wrote one. */
  message?: string;
}

/** One line of a kit job: an item and how many of it, given in pieces of at most `stackLimit`. */
export interface KitLine {
  shortname: string;
  /** The item's name as the player reads it. */
  name: string;
  amount: number;
  /** The game's stack limit when the job was planned: an RCON give is at most this many. */
  stackLimit: number;
}

export type DeliveryPayload =
  | {
      /**
       * A kit: several items bought as one product and delivered as one job. `items` already holds
       * the kit's lines times the quantity bought, in the order they are given.
       */
      kind: 'kit';
      items: KitLine[];
      itemName: string;
      gift?: GiftNote;
    }
  | {
      kind: 'give';
      shortname: string;
      stackSize: number;
      stacks: number;
      itemName: string;
      gift?: GiftNote;
    }
  | {
      kind: 'commands';
      commands: string[];
      itemName: string;
      gift?: GiftNote;
      /** The VIP these commands grant, so a refund takes back exactly those days. */
      vip?: { tier: string; days: number };
    };

/**
 * One unit of delivery to one game server. pending -> sending -> delivered, or failed with a reason
 * for an admin. `progress` counts the stacks or commands already confirmed; `inFlight` marks the one
 * being sent, so a crash in the middle is recognised and never repeated blindly.
 *
 * A plugin job also counts units (items of a give job, commands of a commands job): `givenAmount`
 * the live world has, `savedAmount` the saved world has. All given, it waits in `given` for the
 * world save; its `progress` follows `savedAmount` in stacks or commands.
 */
export const deliveryJobs = pgTable(
  'delivery_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for the shop's own jobs (revoking an expired VIP). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    serverId: integer('server_id').notNull(),
    steamId: text('steam_id').notNull(),
    /** 'rcon' jobs are sent by the worker; 'plugin' jobs wait for the game-server plugin. */
    method: text('method').notNull(),
    payload: jsonb('payload').$type<DeliveryPayload>().notNull(),
    status: text('status').notNull().default('pending'),
    progress: integer('progress').notNull().default(0),
    givenAmount: integer('given_amount').notNull().default(0),
    savedAmount: integer('saved_amount').notNull().default(0),
    inFlight: integer('in_flight'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** When it last became `failed`: the admin's list of the plugin's failures is newest first. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /**
     * A reversed payment's hold (issue 36): 'held' keeps the job from every worker and plugin lease
     * until an admin decides; 'released' lets it go even while the buyer's balance is negative.
     */
    hold: text('hold'),
    heldAt: timestamp('held_at', { withTimezone: true }),
    /** The reversed top-up the hold came from. */
    holdPaymentId: text('hold_payment_id'),
  },
  (table) => [
    index('delivery_jobs_held_idx')
      .on(table.heldAt)
      .where(sql`${table.hold} = 'held'`),
    index('delivery_jobs_due_idx').on(table.method, table.status, table.nextAttemptAt),
    index('delivery_jobs_plugin_idx').on(table.serverId, table.steamId, table.status),
    index('delivery_jobs_order_idx').on(table.orderId),
    check(
      'delivery_jobs_status',
      sql`${table.status} in ('pending', 'sending', 'given', 'delivered', 'failed', 'cancelled')`,
    ),
    check(
      'delivery_jobs_plugin_amounts',
      sql`${table.savedAmount} >= 0 and ${table.savedAmount} <= ${table.givenAmount}`,
    ),
    check('delivery_jobs_method', sql`${table.method} in ('rcon', 'plugin')`),
    check('delivery_jobs_hold', sql`${table.hold} in ('held', 'released')`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('cart_items_user_product').on(table.userId, table.productId),
    check('cart_items_quantity', sql`${table.quantity} > 0`),
  ],
);
