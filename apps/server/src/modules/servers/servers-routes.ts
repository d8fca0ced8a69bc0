import {
  apiErrorSchema,
  idParamSchema,
  publicServerSchema,
  serverPlayersSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../plugins/errors';
import { createServersRepository, toPublicServer } from './servers-repository';

export const SERVER_NOT_FOUND = 'Сервер не найден';

const serversRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createServersRepository(app.db);

  app.get(
    '/servers',
    {
      schema: {
        tags: ['servers'],
        summary: 'Game servers with live status (public fields only)',
        response: { 200: z.array(publicServerSchema) },
      },
    },
    async () => (await repo.list()).map(toPublicServer),
  );

  app.get(
    '/servers/:id/status',
    {
      schema: {
        tags: ['servers'],
        summary: 'One server with its live status',
        params: idParamSchema,
        response: { 200: publicServerSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const row = await repo.findById(request.params.id);
      if (!row) throw notFound(SERVER_NOT_FOUND);
      return toPublicServer(row);
    },
  );

  app.get(
    '/servers/:id/players',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['servers'],
        summary: 'Nicknames of the players online (signed-in players only)',
        security: [{ bearer: [] }],
        params: idParamSchema,
        response: { 200: serverPlayersSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const row = await repo.findById(request.params.id);
      if (!row) throw notFound(SERVER_NOT_FOUND);
      const nicks = row.players.map((player) => player.name);
      return { nicks, total: nicks.length };
    },
  );
};

export default serversRoutes;
