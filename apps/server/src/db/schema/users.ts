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
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    steamId: text('steam_id').notNull().unique(),
    username: text('username').notNull(),
    avatar: text('avatar'),
    /** Integer kopecks; only the ledger changes it (see the money rules). */
    balanceKopecks: bigint('balance_kopecks', { mode: 'number' }).notNull().default(0),
    /**
     * The ledger's too: every top-up reversed after it was credited (a refund or chargeback), in
     * kopecks. A reversal is the one entry that may take the balance below zero, and never further
     * than this (see the check below and ledger.ts).
     */
    reversedKopecks: bigint('reversed_kopecks', { mode: 'number' }).notNull().default(0),
    /**
     * The ledger's too: the part of the balance that is money the player paid (top-ups), the rest
     * being bonus money (top-up bonuses, promo codes, admin credits, transfers). A purchase spends it
     * first; fiscal receipts cover only it (docs/decisions/0035). Negative only after a reversal.
     */
    paidKopecks: bigint('paid_kopecks', { mode: 'number' }).notNull().default(0),
    totalSpentKopecks: bigint('total_spent_kopecks', { mode: 'number' }).notNull().default(0),
    purchasesCount: integer('purchases_count').notNull().default(0),
    /** Staff of any role (role <> 'player'), kept with the role by a check below. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /**
     * Named in ADMIN_STEAM_IDS at the last start: always an owner, its role changed by no one but
     * the setting. An owner may also make others owners (role 'owner' with this false).
     */
    isOwner: boolean('is_owner').notNull().default(false),
    /** owner, admin, moderator or player (docs/decisions/0036-staff-roles.md). */
    role: text('role')
      .$type<'owner' | 'admin' | 'moderator' | 'player'>()
      .notNull()
      .default('player'),
    /** An admin's narrower set of permissions, chosen by an owner; null is the role's whole set. */
    permissions: text('permissions').array(),
    vipStatus: text('vip_status'),
    vipExpiresAt: timestamp('vip_expires_at', { withTimezone: true }),
    favoriteServerId: integer('favorite_server_id'),
    /** Where the VIP was granted, so its revoke commands run on the same server. */
    vipServerId: integer('vip_server_id'),
    vipRevokeCommands: text('vip_revoke_commands'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Purchases and other debits never overdraw (ledger_post refuses them); only reversed top-ups
    // may leave a debt, at most what they reversed.
    check(
      'users_balance_within_reversals',
      sql`${table.balanceKopecks} + ${table.reversedKopecks} >= 0`,
    ),
    check('users_reversed_not_negative', sql`${table.reversedKopecks} >= 0`),
    check('users_role', sql`${table.role} in ('owner', 'admin', 'moderator', 'player')`),
    // is_admin means staff and is_owner an owner by the setting: both follow the role.
    check(
      'users_role_flags',
      sql`${table.isAdmin} = (${table.role} <> 'player') and (not ${table.isOwner} or ${table.role} = 'owner')`,
    ),
    // The admin's user list (newest first) and the «+N за сегодня» figure.
    index('users_joined_idx').on(table.joinedAt, table.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the token: a leaked table gives no usable session. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The sign-in's hard end (SESSION_TTL_DAYS); a refreshed token keeps its session's. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Ends the session unused for SESSION_IDLE_DAYS; use moves it on, never past expires_at. */
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** One-time OpenID nonces already accepted, so a captured assertion cannot be replayed. */
export const openidNonces = pgTable('openid_nonces', {
  nonce: text('nonce').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time codes that carry a Steam sign-in back to the browser in the address fragment; the page
 * trades one for a session by POST, so a session token never appears in an address or a log line.
 */
export const signInCodes = pgTable('sign_in_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** sha256 of the state the browser that started the sign-in keeps: only it can redeem the code. */
  stateHash: text('state_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
