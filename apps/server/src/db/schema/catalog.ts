import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** One line of a kit product: a game item's shortname and how many of it one kit gives. */
export interface KitItemColumn {
  gameItemName: string;
  amount: number;
}

/** The game's item table, filled by import and by the game-server plugin. */
export const gameItems = pgTable(
  'game_items',
  {
    id: integer('id').primaryKey(),
    shortname: text('shortname').notNull().unique(),
    nameEn: text('name_en').notNull(),
    nameRu: text('name_ru'),
    category: text('category').notNull().default('miscellaneous'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('game_items_name_en_idx').on(table.nameEn)],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    originalName: text('original_name'),
    description: text('description').notNull().default(''),
    gameItemName: text('game_item_name').notNull(),
    gameItemId: integer('game_item_id'),
    /** Written only from productInputSchema, which admits the shared categories alone. */
    category: text('category').notNull(),
    /** null: sold for every server ('all'). */
    serverId: integer('server_id'),
    /** Price of one stack, in kopecks. */
    priceKopecks: bigint('price_kopecks', { mode: 'number' }).notNull(),
    stackSize: integer('stack_size').notNull().default(1),
    image: text('image'),
    popular: boolean('popular').notNull().default(false),
    inStock: boolean('in_stock').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    commands: text('commands'),
    /** A VIP product grants this tier for vipDays per stack bought; revokeCommands run at expiry. */
    vipTier: text('vip_tier'),
    vipDays: integer('vip_days'),
    revokeCommands: text('revoke_commands'),
    /** A personal gift: only this user may buy it. */
    personalUserId: integer('personal_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** Not sold for this many hours after the server's last wipe (0: no block). */
    wipeBlockHours: integer('wipe_block_hours').notNull().default(0),
    /** What it grants lasts until the server's next wipe, when revokeCommands run. */
    untilWipe: boolean('until_wipe').notNull().default(false),
    /**
     * A kit: the items it gives, in giving order, for one kit bought (null: not a kit). A kit's
     * gameItemName is '' and its stack size 1; it is delivered as one job of kind 'kit'.
     */
    kitItems: jsonb('kit_items').$type<KitItemColumn[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('products_wipe_block_hours', sql`${table.wipeBlockHours} between 0 and 720`),
    check('products_price_positive', sql`${table.priceKopecks} > 0`),
    check('products_stack_positive', sql`${table.stackSize} >= 1`),
  ],
);
