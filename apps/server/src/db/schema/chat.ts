import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One support conversation per player. `unanswered` while the player's last message waits for the
 * staff, `open` once the staff answered, `closed` by an admin (a new player message reopens it).
 * Each side's unread count is kept here so the list and the widget never count messages.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('unanswered'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** Player messages the staff has not read yet. */
    unreadByAdmin: integer('unread_by_admin').notNull().default(0),
    /** Staff replies the player has not read yet (the widget's red ring). */
    unreadByPlayer: integer('unread_by_player').notNull().default(0),
  },
  (table) => [
    index('chat_conversations_list_idx').on(table.status, table.lastMessageAt),
    check('chat_conversations_status', sql`${table.status} in ('open', 'unanswered', 'closed')`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The player whose conversation this is. */
    conversationUserId: integer('conversation_user_id')
      .notNull()
      .references(() => chatConversations.userId, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isAdmin: boolean('is_admin').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_messages_conversation_idx').on(table.conversationUserId, table.id)],
);
