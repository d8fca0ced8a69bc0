import { chatTextSchema, dbIdSchema, REALTIME_ERRORS } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { userPermissions } from '../../plugins/permissions';
import type { ShopSocket } from '../../plugins/realtime';
import { createUsersRepository } from '../users/users-repository';
import { sendStaffReply } from './chat-service';

/**
 * The payload of `adminSendMessage`. The text is checked by the handler against the same rule as
 * `POST /chat/send`, so a refused reply says why (blank, too long, control characters).
 */
export const adminSendMessagePayloadSchema = z.object({
  userId: z.unknown().optional(),
  targetUserId: dbIdSchema,
  message: z.string().max(20_000),
});

/**
 * `adminSendMessage`: only a socket that joined as an admin may answer, and it answers as itself
 * (the payload's `userId` is ignored). A player's socket gets `error` and nothing is stored.
 */
export function adminSendMessageHandler(app: FastifyInstance) {
  return async (socket: ShopSocket, payload: z.output<typeof adminSendMessagePayloadSchema>) => {
    const adminId = socket.data.userId;
    // Checked again at each message: staff whose rights (or `chats`) were taken away since joining
    // are refused.
    const admin =
      socket.data.isAdmin && adminId !== undefined
        ? await createUsersRepository(app.db).findById(adminId)
        : undefined;
    if (!admin?.isAdmin || !userPermissions(admin).includes('chats')) {
      socket.emit('error', { message: REALTIME_ERRORS.notAdmin });
      return;
    }
    const text = chatTextSchema.safeParse(payload.message);
    if (!text.success) {
      socket.emit('error', {
        message: text.error.issues[0]?.message ?? REALTIME_ERRORS.badRequest,
      });
      return;
    }
    try {
      await sendStaffReply(app, admin.id, payload.targetUserId, text.data);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      socket.emit('error', { message: error.message });
    }
  };
}
