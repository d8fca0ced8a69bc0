import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A shop account's Discord account, linked through OAuth2 (`identify`): one each way. */
export const discordLinks = pgTable('discord_links', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  discordUserId: text('discord_user_id').notNull().unique(),
  /** The name Discord showed at linking (global name, else the username). */
  discordUsername: text('discord_username').notNull(),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A linking under way: the hash of the browser's random state, bound to the session that started
 * it. The callback must bring the same state on the same session, once, before it expires.
 */
export const discordLinkStates = pgTable('discord_link_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  sessionHash: text('session_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** The Discord role each VIP tier gives. */
export const discordTierRoles = pgTable('discord_tier_roles', {
  tier: text('tier').primaryKey(),
  roleId: text('role_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * "Bring this Discord member's VIP role in line with the shop": one row per member. A request bumps
 * `requested`; the worker that finishes sets `done` to the value it claimed, so a change made while
 * it worked leaves the row due again. A job is never dropped: it waits with backoff until Discord
 * answers. The desired role is read when the job runs, so a late job never applies a stale state.
 */
export const discordRoleJobs = pgTable(
  'discord_role_jobs',
  {
    discordUserId: text('discord_user_id').primaryKey(),
    requested: integer('requested').notNull().default(1),
    done: integer('done').notNull().default(0),
    /** Tries since the last request: the backoff and the panel's «ошибка» go by it. */
    attempts: integer('attempts').notNull().default(0),
    /** Rises with every claim: a worker whose lease was taken over writes nothing (fencing). */
    claims: integer('claims').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('discord_role_jobs_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.requested} > ${table.done}`),
  ],
);
