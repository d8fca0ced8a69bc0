import {
  idParamSchema,
  markWipeInputSchema,
  revenueByWipeQuerySchema,
  revenueByWipeSchema,
  serverWipeSchema,
  wipesQuerySchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, conflict, errorReplies, notFound } from '../../plugins/errors';
import { actorOf, recordAudit } from '../audit/audit-log';
import { createServersRepository } from '../servers/servers-repository';
import { createWipeRevenueRepository } from './wipe-revenue-repository';
import { createWipesRepository, toServerWipe } from './wipes-repository';

export const WIPE_MESSAGES = {
  serverNotFound: 'Сервер не найден',
  inFuture: 'Время вайпа не может быть в будущем',
  alreadyMarked: 'Вайп в это время уже отмечен',
} as const;

/** A mark "now" from a browser whose clock runs a little ahead is still now. */
const CLOCK_SKEW_MS = 60_000;

const adminReplies = errorReplies(401, 403);

/** The admin's wipes: marks by hand, the list of known wipes, revenue by wipe period. */
const wipesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const servers = createServersRepository(app.db);
  const wipes = createWipesRepository(app.db);
  const revenue = createWipeRevenueRepository(app.db);
  const tags = ['admin: wipes'];
  const security = [{ bearer: [] }];

  app.post(
    '/servers/:id/wipes',
    {
      config: { permission: 'servers' },
      schema: {
        tags,
        security,
        summary: 'Mark a wipe of a server by hand (now unless `at` says when)',
        description:
          'As a wipe the monitor sees: when it is the server’s newest, the until-wipe purchases made before it are revoked (their revoke commands queued once). Journaled.',
        params: idParamSchema,
        // A bare POST (no body at all) marks a wipe now.
        body: markWipeInputSchema.nullish(),
        response: {
          201: serverWipeSchema,
          ...errorReplies(400, 404, 409),
          ...adminReplies,
        },
      },
    },
    async (request, reply) => {
      const server = await servers.findById(request.params.id);
      if (!server) throw notFound(WIPE_MESSAGES.serverNotFound);
      const at = request.body?.at ? new Date(request.body.at) : new Date();
      if (at.getTime() > Date.now() + CLOCK_SKEW_MS) throw badRequest(WIPE_MESSAGES.inFuture);
      const recorded = await app.wipes.record(
        // The map is the one the monitor last saw; seed and size are known only from a save.
        { serverId: server.id, at, source: 'manual', map: server.map || null },
        (tx, { wipe, revoked }) =>
          recordAudit(tx, actorOf(request), {
            action: 'server.wipe',
            targetType: 'server',
            targetId: server.id,
            targetName: server.name,
            after: { at: wipe.wipedAt.toISOString(), revoked },
          }),
      );
      if (!recorded) throw conflict(WIPE_MESSAGES.alreadyMarked);
      return reply.status(201).send(toServerWipe(recorded.wipe));
    },
  );

  app.get(
    '/wipes',
    {
      config: { permission: 'servers' },
      schema: {
        tags,
        security,
        summary: 'Wipes the shop knows of, newest first (of one server, after a time)',
        querystring: wipesQuerySchema,
        response: { 200: z.array(serverWipeSchema), ...errorReplies(400), ...adminReplies },
      },
    },
    async (request) => {
      const { serverId, since } = request.query;
      const rows = await wipes.list({ serverId, since: since ? new Date(since) : undefined });
      return rows.map(toServerWipe);
    },
  );

  app.get(
    '/revenue-by-wipe',
    {
      config: { permission: 'money' },
      schema: {
        tags,
        security,
        summary: 'A server’s revenue, orders and top 5 products per wipe period, newest first',
        description:
          'Periods run from each wipe to the next; the first is the running one (endedAt null). Revenue counts paid orders less refunds, as the overview does; orders from before the first known wipe belong to no period. A product’s share of a refund goes to its lines the refund cancelled.',
        querystring: revenueByWipeQuerySchema,
        response: { 200: revenueByWipeSchema, ...errorReplies(400, 404), ...adminReplies },
      },
    },
    async (request) => {
      const { serverId } = request.query;
      if (!(await servers.findById(serverId))) throw notFound(WIPE_MESSAGES.serverNotFound);
      return { serverId, periods: await revenue.periods(serverId) };
    },
  );
};

export default wipesAdminRoutes;
