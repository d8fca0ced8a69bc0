import { idParamSchema, serverPluginStatusSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies, notFound } from '../../plugins/errors';
import { createServersRepository } from '../servers/servers-repository';
import { SERVER_NOT_FOUND } from '../servers/servers-routes';
import { createServerGroupsRepository } from './server-groups';
import { createServerItemsRepository } from './server-items-repository';

/**
 * GET /servers/:id/plugin (inside the admin scope) — what the admin sees of a server's plugin: its
 * version and last request, its jobs by state, the jobs it could not give (each retried or refunded
 * from its order, as any failed delivery), and the size of its item list.
 */
const pluginAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const servers = createServersRepository(app.db);
  const items = createServerItemsRepository(app.db);
  const groups = createServerGroupsRepository(app.db);

  app.get(
    '/servers/:id/plugin',
    {
      config: { permission: 'servers' },
      schema: {
        tags: ['admin: servers'],
        security: [{ bearer: [] }],
        summary:
          "A server's game-server plugin: version, last request, queued and awaiting-save jobs, the latest 50 failed ones, item list size, its permission groups and the VIP groups it lacks",
        params: idParamSchema,
        response: { 200: serverPluginStatusSchema, ...errorReplies(401, 403, 404) },
      },
    },
    async (request) => {
      const server = await servers.findById(request.params.id);
      if (!server) throw notFound(SERVER_NOT_FOUND);
      const jobs = await app.delivery.pluginJobs.summary(server.id);
      const serverGroups = await groups.list(server.id);
      const known = new Set((serverGroups ?? []).map((group) => group.toLowerCase()));
      const vipGroups = serverGroups ? await groups.vipGroups(server.id) : [];
      return {
        version: server.pluginVersion,
        lastSeenAt: server.pluginSeenAt?.toISOString() ?? null,
        queued: jobs.queued,
        awaitingSave: jobs.awaitingSave,
        failed: jobs.failed.map((job) => ({
          jobId: job.id,
          orderId: job.orderId,
          itemName: job.payload.itemName,
          steamId: job.steamId,
          reason: job.lastError,
          at: (job.failedAt ?? job.createdAt).toISOString(),
        })),
        items: await items.count(server.id),
        groups: serverGroups,
        // Oxide compares group names case-insensitively when it looks a player's groups up.
        missingVipGroups: vipGroups.filter((group) => !known.has(group.toLowerCase())),
      };
    },
  );
};

export default pluginAdminRoutes;
