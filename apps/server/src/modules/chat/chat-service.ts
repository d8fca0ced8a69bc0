import type { ChatMessage } from '@shop/shared';
import { chatErrors } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
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
): Promise<ChatMessage> {
  const message = await createChatRepository(app.db).addMessage({
    conversationUserId: playerId,
    authorId: playerId,
    isAdmin: false,
    text,
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
): Promise<ChatMessage> {
  if (!(await createUsersRepository(app.db).findById(playerId))) {
    throw notFound(chatErrors.userNotFound);
  }
  const message = await createChatRepository(app.db).addMessage({
    conversationUserId: playerId,
    authorId: adminId,
    isAdmin: true,
    text,
  });
  app.realtime.toUser(playerId, 'newAdminMessage', { ...message, messageId: message.id });
  app.realtime.toAdmins('newMessage', message);
  return message;
}
