import type { ChatMessage, ChatStatus } from '@shop/shared';
import { chatErrors } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { notFound } from '../../plugins/errors';
import { createUsersRepository } from '../users/users-repository';
import { createChatRepository } from './chat-repository';

/**
 * A player writes to the staff. The author is the session's user, whatever the client claims; the
 * message reaches every admin socket and the player's other tabs (on every instance).
 */
export async function sendPlayerMessage(
  app: FastifyInstance,
  playerId: number,
  text: string,
  /** When it was written, if not now: the demo's history. */
  at?: Date,
): Promise<ChatMessage> {
  const message = await createChatRepository(app.db).addMessage({
    conversationUserId: playerId,
    authorId: playerId,
    isAdmin: false,
    text,
    at,
  });
  app.realtime.toAdmins('newMessage', message);
  app.realtime.toUser(playerId, 'newMessage', message);
  return message;
}

/**
 * The staff answers a player: the conversation becomes `open`, the player's sockets (only theirs)
 * get `newAdminMessage`, and every admin sees the reply as `newMessage`.
 */
export async function sendStaffReply(
  app: FastifyInstance,
  adminId: number,
  playerId: number,
  text: string,
  /** When it was written, if not now: the demo's history. */
  at?: Date,
): Promise<ChatMessage> {
  if (!(await createUsersRepository(app.db).findById(playerId))) {
    throw notFound(chatErrors.userNotFound);
  }
  const message = await createChatRepository(app.db).addMessage({
    conversationUserId: playerId,
    authorId: adminId,
    isAdmin: true,
    text,
    at,
  });
  app.realtime.toUser(playerId, 'newAdminMessage', { ...message, messageId: message.id });
  app.realtime.toAdmins('newMessage', message);
  return message;
}

/**
 * An admin closes a conversation (or reopens it): the status and its journal row commit together.
 * False when there is no such conversation. `at`: when, if not now (the demo's history).
 */
export async function setChatStatus(
  db: Db,
  actor: AuditActor,
  userId: number,
  status: ChatStatus,
  at?: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await createChatRepository(tx).setStatus(userId, status))) return false;
    await recordAudit(
      tx,
      actor,
      { action: 'chat.status', targetType: 'chat', targetId: userId, after: { status } },
      at,
    );
    return true;
  });
}

/** One side has read the conversation: what opening its history does (the demo's history too). */
export async function markChatRead(db: Db, userId: number, side: 'player' | 'admin') {
  await createChatRepository(db).markRead(userId, side);
}

/** Conversations waiting for staff (unanswered first, then open), newest first: the bot's /chats. */
export async function openChats(db: Db, limit: number) {
  const chats = createChatRepository(db);
  const waiting = [
    ...(await chats.list('unanswered', 1)).chats,
    ...(await chats.list('open', 1)).chats,
  ];
  return waiting.slice(0, limit);
}
