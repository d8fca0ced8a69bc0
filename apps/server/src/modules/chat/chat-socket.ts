import { REALTIME_ERRORS, type adminSendMessageSchema } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import type { ShopSocket } from '../../plugins/realtime';
import { createUsersRepository } from '../users/users-repository';
import { sendStaffReply } from './chat-service';

/**
 * `adminSendMessage`: only a socket that joined as an admin may answer, and it answers as itself
 * (the payload's `userId` is ignored). A player's socket gets `error` and nothing is stored.
 */
export function adminSendMessageHandler(app: FastifyInstance) {
  return async (socket: ShopSocket, payload: z.infer<typeof adminSendMessageSchema>) => {
    const adminId = socket.data.userId;
    // Checked again at each message: an admin whose rights were taken away since joining is refused.
    const admin =
      adminId === undefined ? undefined : await createUsersRepository(app.db).findById(adminId);
    if (!socket.data.isAdmin || !admin?.isAdmin) {
      socket.emit('error', { message: REALTIME_ERRORS.notAdmin });
      return;
    }
    try {
      await sendStaffReply(app, admin.id, payload.targetUserId, payload.message);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      socket.emit('error', { message: error.message });
    }
  };
}
