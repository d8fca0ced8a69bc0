import { chatErrors, idParamSchema, supportContextSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies, notFound } from '../../plugins/errors';
import { userPermissions } from '../../plugins/permissions';
import { loadSupportContext } from './support-context';

/** Inside the admin scope: the player beside the conversation in the «Чаты» tab. */
const supportContextRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:id/support-context',
    {
      config: { permission: 'chats' },
      schema: {
        tags: ['support chat'],
        security: [{ bearer: [] }],
        summary:
          "Admins: a player's balance, VIP, last 10 orders with each delivery's last console command and answer, last top-ups (for staff with `money`, else none)",
        params: idParamSchema,
        response: { 200: supportContextSchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const topUps = userPermissions(request.user!).includes('money');
      const context = await loadSupportContext(app, request.params.id, { topUps });
      if (!context) throw notFound(chatErrors.userNotFound);
      return context;
    },
  );
};

export default supportContextRoutes;
