import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies, unauthorized } from '../../plugins/errors';
import { perAccountLimit } from '../../plugins/rate-limits';
import { collectPlayerData } from './player-data';
import { playerDataSchema } from './player-data-schema';

const playerDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile/data',
    {
      preHandler: app.requireUser,
      // Reads every table of the player's: a few a minute is all anyone needs.
      config: { rateLimit: perAccountLimit(3, '1 minute') },
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: 'Everything the shop keeps about the signed-in player, as a JSON file',
        description:
          'The account, orders with their lines and delivery, gifts received, the ledger, top-ups (with the e-mail given for receipts), promo codes, VIP terms, the support chat, linked Telegram and Discord, and sessions (no tokens). Money in roubles, times in UTC.',
        response: { 200: playerDataSchema, ...errorReplies(401, 429) },
      },
    },
    async (request, reply) => {
      const data = await collectPlayerData(app.db, request.user!.id);
      // requireUser found the account a moment ago; a row gone since is a signed-out player.
      if (!data) throw unauthorized();
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header(
          'content-disposition',
          `attachment; filename="my-data-${data.account.steamId}-${day}.json"`,
        )
        .header('cache-control', 'no-store')
        .send(data);
    },
  );
};

export default playerDataRoutes;
