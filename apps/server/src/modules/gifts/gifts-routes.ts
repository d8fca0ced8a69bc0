import {
  apiErrorSchema,
  receivedGiftSchema,
  recipientQuerySchema,
  recipientSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../plugins/errors';
import { perAccountLimit } from '../../plugins/rate-limits';
import { createOrdersRepository } from '../orders/orders-repository';

const giftsRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = createOrdersRepository(app.db);
  const tags = ['gifts'];
  const security = [{ bearer: [] }];

  app.get(
    '/gifts/recipient',
    {
      preHandler: app.requireUser,
      // Each look-up may cost two Steam Web API calls: a player gets a few a minute, not a scan.
      config: { rateLimit: perAccountLimit(20) },
      schema: {
        tags,
        security,
        summary:
          "Find a gift's recipient by SteamID64 or Steam profile link (/profiles/<id> or /id/<name>): Steam name, avatar, whether they have an account and are on one of the shop's servers now",
        querystring: recipientQuerySchema,
        response: { 200: recipientSchema, ...errorReplies(400, 401, 404, 429, 503) },
      },
    },
    async (request) => app.gifts.recipients.lookUp(request.user!, request.query.query),
  );

  app.get(
    '/gifts',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Gifts the signed-in player received, newest first: sender, message, items and delivery state',
        response: { 200: z.array(receivedGiftSchema), 401: apiErrorSchema },
      },
    },
    async (request) => orders.giftsFor(request.user!.id, await app.itemIcons.lookup()),
  );
};

export default giftsRoutes;
