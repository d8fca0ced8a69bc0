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
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Where staff hear of shop events: a Telegram chat (or forum topic), a VK conversation, or a
 * Discord webhook, with the events each is told of. A Discord target holds the webhook's token and
 * never leaves the server unmasked.
 */
export const notificationDestinations = pgTable(
  'notification_destinations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    name: text('name').notNull().default(''),
    events: text('events').array().notNull(),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('notification_destinations_target').on(table.channel, table.target),
    check(
      'notification_destinations_channel',
      sql`${table.channel} in ('telegram', 'vk', 'discord')`,
    ),
  ],
);

/**
 * One message for one chat, durable until it is sent: staff events (with their destination) and a
 * player's own news in Telegram (with the player). One per chat and event, so an event read twice
 * is sent once. `dead`: the chat kept refusing after retries; kept for the admin to read.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    destinationId: integer('destination_id').references(() => notificationDestinations.id, {
      onDelete: 'cascade',
    }),
    /** The player a personal message is for: unlinked by the time it is due, it is dropped. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    eventKey: text('event_key').notNull(),
    /** The player whose support conversation a staff message is about: a reply to it answers them. */
    subjectUserId: integer('subject_user_id'),
    /** What the channel's API is sent, rendered and escaped for its format. */
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Answers that were the chat refusing us (403, «chat not found»): dead after a few. */
    refusals: integer('refusals').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** The messenger's id of the sent message (Telegram's message_id): replies point at it. */
    sentMessageId: text('sent_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    unique('notification_outbox_event').on(table.channel, table.target, table.eventKey),
    index('notification_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('notification_outbox_sent_idx').on(table.channel, table.target, table.sentMessageId),
    check(
      'notification_outbox_status',
      sql`${table.status} in ('pending', 'sent', 'dead', 'dropped')`,
    ),
  ],
);

/** How far the leader's event scan has read each source, by time. */
export const notificationCursors = pgTable('notification_cursors', {
  source: text('source').primaryKey(),
  scannedUntil: timestamp('scanned_until', { withTimezone: true }).notNull(),
});

/**
 * A shop account's Telegram account (players and staff alike), one each way, with the player's
 * news switches. A staff member's linked account is who may answer chats from Telegram.
 */
export const telegramLinks = pgTable('telegram_links', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  telegramId: text('telegram_id').notNull().unique(),
  username: text('username'),
  news: jsonb('news').$type<Record<string, boolean>>().notNull().default({}),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A deep link's one-time code: only its hash, used once within its time. */
export const telegramLinkCodes = pgTable('telegram_link_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  // A Login Widget state (not a deep link) is bound to the session that asked for it (its hash),
  // and holds the Telegram account the widget vouched for until that session finishes the link.
  sessionHash: text('session_hash'),
  telegramId: text('telegram_id'),
  telegramUsername: text('telegram_username'),
});

/**
 * Updates the bot has handled, by Telegram's update_id: a webhook Telegram sends again, or a poll
 * after a restart, is handled once. The newest id is where polling goes on from.
 */
export const telegramUpdates = pgTable('telegram_updates', {
  updateId: bigint('update_id', { mode: 'number' }).primaryKey(),
  handled: boolean('handled').notNull().default(true),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
