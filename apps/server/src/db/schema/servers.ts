import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { WipeSchedule } from '@shop/shared';

export interface OnlinePlayer {
  steamId: string;
  name: string;
}

export const servers = pgTable(
  'servers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ip: text('ip').notNull(),
    port: integer('port').notNull(),
    rconPort: integer('rcon_port').notNull().default(28016),
    rconPassword: text('rcon_password').notNull().default(''),
    /** Key the game-server plugin presents; admins see and regenerate it. */
    pluginKey: text('plugin_key').notNull().unique(),
    map: text('map').notNull().default(''),
    /** 0 RCON delivery, 1 plugin delivery, 2 hidden from buyers. */
    isPluginEnabled: smallint('is_plugin_enabled').notNull().default(0),
    /** What the monitor last saw of the RCON link. */
    linkStatus: text('link_status').notNull().default('offline'),
    /** Set by an admin; shown instead of the link status until cleared. */
    statusOverride: text('status_override'),
    playersOnline: integer('players_online').notNull().default(0),
    maxPlayers: integer('max_players').notNull().default(100),
    players: jsonb('players').$type<OnlinePlayer[]>().notNull().default([]),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** What the plugin's last signed request said it is, and when (written at most every ~10 s). */
    pluginVersion: text('plugin_version'),
    pluginSeenAt: timestamp('plugin_seen_at', { withTimezone: true }),
    /** When the next wipe is expected (null: not predicted); written only from wipeScheduleSchema. */
    wipeSchedule: jsonb('wipe_schedule').$type<WipeSchedule>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('servers_delivery_mode', sql`${table.isPluginEnabled} in (0, 1, 2)`),
    check('servers_link_status', sql`${table.linkStatus} in ('online', 'offline')`),
    check(
      'servers_status_override',
      sql`${table.statusOverride} is null or ${table.statusOverride} in ('maintenance', 'restarting')`,
    ),
  ],
);
