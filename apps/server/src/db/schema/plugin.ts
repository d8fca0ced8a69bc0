import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { servers } from './servers';

/**
 * Nonces of the plugin's signed requests, per server, kept until no request with them could pass the
 * timestamp check again. In the database, so every shop instance refuses the same replay.
 */
export const pluginNonces = pgTable(
  'plugin_nonces',
  {
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.serverId, table.nonce] }),
    index('plugin_nonces_expiry_idx').on(table.serverId, table.expiresAt),
  ],
);

/**
 * The item list one game server reported (its mods' items included). The shop's shared item table
 * is not touched by it: a modded server cannot rename or add items for the others.
 */
export const serverItems = pgTable(
  'server_items',
  {
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').notNull(),
    shortname: text('shortname').notNull(),
    nameEn: text('name_en').notNull(),
    category: text('category').notNull(),
    stackSize: integer('stack_size').notNull(),
  },
  (table) => [primaryKey({ columns: [table.serverId, table.shortname] })],
);

/**
 * Each game server's permission groups, as its plugin sends them with its item list: the admin
 * panel warns when a VIP tier's group is not among them. No row for a server whose plugin never
 * sent any (an RCON server, or a plugin before 2.1).
 */
export const serverGroups = pgTable(
  'server_groups',
  {
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (table) => [primaryKey({ columns: [table.serverId, table.name] })],
);
