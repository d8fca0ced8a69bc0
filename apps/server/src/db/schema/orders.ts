import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { users } from './users';

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** No foreign key: an order outlives a deleted server and shows 'Неизвестный сервер'. */
    serverId: integer('server_id').notNull(),
    totalKopecks: bigint('total_kopecks', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    isDelivered: boolean('is_delivered').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** A gift: the player who receives it. The order stays the buyer's (userId pays, sees, is refunded). */
    recipientId: integer('recipient_id').references(() => users.id),
    giftMessage: text('gift_message'),
  },
  (table) => [
    index('orders_user_idx').on(table.userId, table.createdAt),
    index('orders_recipient_idx').on(table.recipientId, table.createdAt),
    // Newest orders first, and today's count.
    index('orders_created_idx').on(table.createdAt),
    // Revenue figures: sums by status and day read from the index alone.
    index('orders_revenue_idx').on(table.status, table.createdAt, table.totalKopecks),
    check('orders_status', sql`${table.status} in ('pending', 'completed', 'cancelled')`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** RESTRICT: a product that was sold cannot be deleted, only hidden. */
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    image: text('image'),
    quantity: integer('quantity').notNull(),
    stacks: integer('stacks').notNull(),
    priceKopecks: bigint('price_kopecks', { mode: 'number' }).notNull(),
    totalKopecks: bigint('total_kopecks', { mode: 'number' }).notNull(),
    /** The product lasted until the wipe when bought: its revoke commands run at the next wipe. */
    untilWipe: boolean('until_wipe').notNull().default(false),
  },
  (table) => [index('order_items_product_idx').on(table.productId)],
);
