import {
  CHAT_HISTORY_PAGE_SIZE,
  type ChatList,
  type ChatMessage,
  type ChatStatus,
} from '@shop/shared';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatConversations, chatMessages, users } from '../../db/schema/index';

export const CHAT_LIST_PAGE_SIZE = 50;

const messageColumns = {
  id: chatMessages.id,
  userId: chatMessages.conversationUserId,
  username: users.username,
  avatar: users.avatar,
  message: chatMessages.text,
  isAdmin: chatMessages.isAdmin,
  createdAt: chatMessages.createdAt,
};

type MessageRow = {
  id: number;
  userId: number;
  username: string;
  avatar: string | null;
  message: string;
  isAdmin: boolean;
  createdAt: Date;
};

const toMessage = (row: MessageRow): ChatMessage => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** The only writer of the chat tables. */
export function createChatRepository(db: Db) {
  async function messageById(id: number): Promise<ChatMessage> {
    const [row] = await db
      .select(messageColumns)
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.authorId))
      .where(eq(chatMessages.id, id));
    if (!row) throw new Error(`chat message ${id} vanished`);
    return toMessage(row);
  }

  return {
    /**
     * Stores one message and moves the conversation on in the same transaction: a player's message
     * makes it `unanswered` (a closed one reopens), a staff reply makes it `open`.
     */
    async addMessage(input: {
      conversationUserId: number;
      authorId: number;
      isAdmin: boolean;
      text: string;
      /** When it was written, if not now: the demo's history. */
      at?: Date | undefined;
    }): Promise<ChatMessage> {
      const { at, ...message } = input;
      const lastMessageAt = at ?? sql`now()`;
      const id = await db.transaction(async (tx) => {
        const status: ChatStatus = input.isAdmin ? 'open' : 'unanswered';
        const unread = input.isAdmin
          ? { unreadByPlayer: sql`${chatConversations.unreadByPlayer} + 1` }
          : { unreadByAdmin: sql`${chatConversations.unreadByAdmin} + 1` };
        await tx
          .insert(chatConversations)
          .values({
            userId: input.conversationUserId,
            status,
            unreadByAdmin: input.isAdmin ? 0 : 1,
            unreadByPlayer: input.isAdmin ? 1 : 0,
            lastMessageAt,
          })
          .onConflictDoUpdate({
            target: chatConversations.userId,
            set: { status, lastMessageAt, ...unread },
          });
        const [inserted] = await tx
          .insert(chatMessages)
          .values({ ...message, ...(at ? { createdAt: at } : {}) })
          .returning({ id: chatMessages.id });
        if (!inserted) throw new Error('chat message insert returned no row');
        return inserted.id;
      });
      return messageById(id);
    },

    /** One page of a conversation, oldest first; `before` pages back through older messages. */
    async history(
      conversationUserId: number,
      page: { before?: number | undefined; limit?: number | undefined },
    ): Promise<ChatMessage[]> {
      const rows = await db
        .select(messageColumns)
        .from(chatMessages)
        .innerJoin(users, eq(users.id, chatMessages.authorId))
        .where(
          and(
            eq(chatMessages.conversationUserId, conversationUserId),
            page.before === undefined ? undefined : lt(chatMessages.id, page.before),
          ),
        )
        .orderBy(desc(chatMessages.id))
        .limit(page.limit ?? CHAT_HISTORY_PAGE_SIZE);
      return rows.reverse().map(toMessage);
    },

    async markRead(conversationUserId: number, side: 'player' | 'admin'): Promise<void> {
      await db
        .update(chatConversations)
        .set(side === 'player' ? { unreadByPlayer: 0 } : { unreadByAdmin: 0 })
        .where(eq(chatConversations.userId, conversationUserId));
    },

    async unreadByPlayer(userId: number): Promise<number> {
      const [row] = await db
        .select({ unread: chatConversations.unreadByPlayer })
        .from(chatConversations)
        .where(eq(chatConversations.userId, userId));
      return row?.unread ?? 0;
    },

    /** Conversations newest first, with the player and the last message; counts per status. */
    async list(status: ChatStatus | undefined, page: number): Promise<ChatList> {
      const filter = status ? eq(chatConversations.status, status) : undefined;
      const rows = await db
        .select({
          userId: chatConversations.userId,
          status: chatConversations.status,
          username: users.username,
          avatar: users.avatar,
          steamId: users.steamId,
          lastMessageAt: chatConversations.lastMessageAt,
          unreadCount: chatConversations.unreadByAdmin,
          last: sql<{ text: string; isAdmin: boolean } | null>`(
            select json_build_object('text', m.text, 'isAdmin', m.is_admin)
            from ${chatMessages} m where m.conversation_user_id = ${chatConversations.userId}
            order by m.id desc limit 1)`,
        })
        .from(chatConversations)
        .innerJoin(users, eq(users.id, chatConversations.userId))
        .where(filter)
        .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.userId))
        .limit(CHAT_LIST_PAGE_SIZE)
        .offset((page - 1) * CHAT_LIST_PAGE_SIZE);
      const perStatus = await db
        .select({ status: chatConversations.status, total: count() })
        .from(chatConversations)
        .groupBy(chatConversations.status);
      const counts = { open: 0, unanswered: 0, closed: 0 };
      for (const row of perStatus) counts[row.status as ChatStatus] = Number(row.total);
      return {
        chats: rows.map(({ last, lastMessageAt, status: rowStatus, ...row }) => ({
          ...row,
          status: rowStatus as ChatStatus,
          lastMessage: last?.text ?? null,
          lastMessageIsAdmin: last?.isAdmin ?? false,
          lastMessageAt: lastMessageAt.toISOString(),
        })),
        counts,
        page,
        pageSize: CHAT_LIST_PAGE_SIZE,
        total: status ? counts[status] : counts.open + counts.unanswered + counts.closed,
      };
    },

    async setStatus(userId: number, status: ChatStatus): Promise<boolean> {
      const updated = await db
        .update(chatConversations)
        .set({ status })
        .where(eq(chatConversations.userId, userId))
        .returning({ userId: chatConversations.userId });
      return updated.length === 1;
    },

    /** Removes the conversation; its messages go with it (ON DELETE CASCADE). */
    async remove(userId: number): Promise<boolean> {
      const deleted = await db
        .delete(chatConversations)
        .where(eq(chatConversations.userId, userId))
        .returning({ userId: chatConversations.userId });
      return deleted.length === 1;
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
