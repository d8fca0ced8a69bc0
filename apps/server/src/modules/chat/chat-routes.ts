import {
  chatErrors,
  chatHistoryQuerySchema,
  chatListQuerySchema,
  chatListSchema,
  chatMessageSchema,
  chatSendSchema,
  chatStatusUpdateSchema,
  chatUnreadSchema,
  dbIdSchema,
  okReplySchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies, forbidden, HttpError, notFound } from '../../plugins/errors';
import { userPermissions } from '../../plugins/permissions';
import { perAccountLimit } from '../../plugins/rate-limits';
import { createChatRepository } from './chat-repository';
import { markChatRead, sendPlayerMessage, setChatStatus } from './chat-service';
import { adminSendMessageHandler, adminSendMessagePayloadSchema } from './chat-socket';
import { actorOf, recordAdminAction } from '../audit/audit-log';

const userIdParams = z.object({ userId: dbIdSchema });
const tags = ['support chat'];
const security = [{ bearer: [] }];

/** SPEC §7: the support chat's five calls, plus the widget's unread mark. */
const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const chats = createChatRepository(app.db);

  // The staff's side of the conversation goes over the live channel (DESIGN §9).
  app.realtime.on('adminSendMessage', adminSendMessagePayloadSchema, adminSendMessageHandler(app));

  app.post(
    '/chat/send',
    {
      preHandler: app.requireUser,
      config: {
        rateLimit: {
          ...perAccountLimit(10, '10 seconds'),
          errorResponseBuilder: () => new HttpError(429, 'rate_limited', chatErrors.tooFast),
        },
      },
      schema: {
        tags,
        security,
        summary:
          "A player writes to the staff; the author is always the session's user (userId, username, avatar are ignored)",
        body: chatSendSchema,
        response: { 200: chatMessageSchema, ...errorReplies(400, 401, 429) },
      },
    },
    async (request) => sendPlayerMessage(app, request.user!.id, request.body.message),
  );

  app.get(
    '/chat/history/all',
    {
      config: { permission: 'chats' },
      preHandler: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Admins: conversations newest first, 50 a page, with counts per status',
        querystring: chatListQuerySchema,
        response: { 200: chatListSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => chats.list(request.query.status, request.query.page),
  );

  app.get(
    '/chat/history/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          "A conversation, oldest first (100 a page, `before` a message id for older ones): the player's own, or any for admins",
        params: userIdParams,
        querystring: chatHistoryQuerySchema,
        response: { 200: z.array(chatMessageSchema), ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const owner = user.id === request.params.userId;
      // Someone else's conversation: staff who answer chats only.
      if (!owner && !(user.isAdmin && userPermissions(user).includes('chats'))) throw forbidden();
      const messages = await chats.history(request.params.userId, request.query);
      await markChatRead(app.db, request.params.userId, owner ? 'player' : 'admin');
      void reply.header('cache-control', 'no-store');
      return messages;
    },
  );

  app.get(
    '/chat/unread',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Staff replies the signed-in player has not read yet (the widget marks them)',
        response: { 200: chatUnreadSchema, ...errorReplies(401) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { unread: await chats.unreadByPlayer(request.user!.id) };
    },
  );

  app.post(
    '/chat/update-status/:userId',
    {
      config: { permission: 'chats' },
      preHandler: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: "Admins: set a conversation's status (closing it, or reopening)",
        params: userIdParams,
        body: chatStatusUpdateSchema,
        response: { 200: okReplySchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      if (!(await setChatStatus(app.db, actorOf(request), userId, request.body.status))) {
        throw notFound(chatErrors.notFound);
      }
      return { success: true as const };
    },
  );

  app.delete(
    '/chat/delete/:userId',
    {
      config: { permission: 'chats' },
      preHandler: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Admins: delete a conversation with all its messages',
        params: userIdParams,
        response: { 200: okReplySchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await chats.remove(request.params.userId))) throw notFound(chatErrors.notFound);
      await recordAdminAction(app.db, request, {
        action: 'chat.delete',
        targetType: 'chat',
        targetId: request.params.userId,
      });
      return { success: true as const };
    },
  );
};

export default chatRoutes;
