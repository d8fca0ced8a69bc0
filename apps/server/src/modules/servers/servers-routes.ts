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
        description:
          'lastWipeAt: the last wipe the shop knows of (seen by the monitor, which polls every 15 s, or marked by an admin); nextWipeAt: the next by the server’s wipe schedule, null without one.',
        response: { 200: z.array(publicServerSchema) },
      },
    },
    async () => {
      // Read afresh on each call: a wipe the monitor records shows at once, on every instance.
      const rows = await repo.list();
      const wipes = await app.wipes.timesOf(rows);
      return rows.map((row) => toPublicServer(row, wipes.get(row.id)));
    },
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
      return toPublicServer(row, (await app.wipes.timesOf([row])).get(row.id));
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
