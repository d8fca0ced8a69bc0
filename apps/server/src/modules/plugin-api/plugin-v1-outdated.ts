import { apiErrorSchema } from '@shop/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** English: the 1.x plugin prints it in the game server's console, where the owner reads it. */
export const PLUGIN_OUTDATED_MESSAGE =
  'This shop speaks plugin protocol v2 only. Install RustShopStore 2 from the shop (admin panel) and set ShopApiUrl in its config to <shop address>/api/plugin/v2';

/**
 * Protocol v1 sent the server key in every request and took replies unsigned; it is gone. Every v1
 * request is answered 426 before its body is read, so a 1.x plugin tells the owner what to do.
 */
const pluginV1Outdated: FastifyPluginAsyncZod = async (app) => {
  const outdated = async (_request: unknown, reply: FastifyReply) =>
    reply.code(426).send({ error: 'PLUGIN_OUTDATED', message: PLUGIN_OUTDATED_MESSAGE });
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    schema: {
      tags: ['game-server plugin'],
      summary: 'Plugin protocol v1: always 426 PLUGIN_OUTDATED (install RustShopStore 2)',
      response: { 426: apiErrorSchema },
    },
    // Answered before the body is read: a v1 body, however broken, gets the same 426.
    onRequest: outdated,
    handler: outdated,
  });
};

export default pluginV1Outdated;
