import {
  banSchema,
  idParamSchema,
  moderationReplySchema,
  muteSchema,
  unbanSchema,
  unmuteSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../plugins/errors';
import { moderate } from './moderation-service';

/** SPEC §7 "Other calls": mute and ban as console commands on the game servers. */
const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = {
    tags: ['admin: moderation'],
    security: [{ bearer: [] }],
    params: idParamSchema,
    response: { 200: moderationReplySchema, ...errorReplies(400, 404, 409) },
  };
  const config = {
    permission: 'moderation' as const,
    rateLimit: { max: 60, timeWindow: '1 minute' },
  };

  app.post(
    '/users/:id/mute',
    {
      config,
      schema: {
        ...common,
        summary: 'Mute a player in the game chat (BetterChatMute) for days and minutes',
        body: muteSchema,
      },
    },
    async (request) => moderate(app, request, request.params.id, { kind: 'mute', ...request.body }),
  );

  app.post(
    '/users/:id/unmute',
    { config, schema: { ...common, summary: 'Lift a chat mute', body: unmuteSchema } },
    async (request) =>
      moderate(app, request, request.params.id, { kind: 'unmute', ...request.body }),
  );

  app.post(
    '/users/:id/ban',
    {
      config,
      schema: {
        ...common,
        summary: 'Ban a player on one server or "all": `ban` when online, else `banid`',
        body: banSchema,
      },
    },
    async (request) => moderate(app, request, request.params.id, { kind: 'ban', ...request.body }),
  );

  app.post(
    '/users/:id/unban',
    {
      config,
      schema: { ...common, summary: 'Lift a ban on one server or "all"', body: unbanSchema },
    },
    async (request) =>
      moderate(app, request, request.params.id, { kind: 'unban', ...request.body }),
  );
};

export default moderationRoutes;
