import { pluginItemsReplySchema, pluginItemsRequestSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, pluginErrorReplies, pluginRoute } from './plugin-route';
import { recordAudit } from '../audit/audit-log';
import { createServerGroupsRepository } from './server-groups';
import { createServerItemsRepository } from './server-items-repository';

/** POST /items — the game server's own item list, sent by the plugin when it loads. */
const pluginItemsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/items',
    {
      // 10 000 items with long names and a signature envelope stay well under this.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        ...pluginRoute,
        summary:
          "This server's item list (modded items included) and permission groups: replace the server's own whole; the shop's shared item table is not changed",
        body: pluginItemsRequestSchema,
        response: { 200: pluginItemsReplySchema, ...pluginErrorReplies },
      },
    },
    async (request) => {
      const { server } = callerOf(request);
      // The list and its journal row commit together: the journal tells when a server's items changed.
      const total = await app.db.transaction(async (tx) => {
        const count = await createServerItemsRepository(tx).replace(server.id, request.body.items);
        // A plugin before 2.1 sends no groups: what the shop knew of them stays.
        if (request.body.groups)
          await createServerGroupsRepository(tx).replace(server.id, request.body.groups);
        await recordAudit(
          tx,
          { id: null, name: 'plugin', ip: request.ip },
          {
            action: 'items.plugin-sync',
            targetType: 'server',
            targetId: server.id,
            targetName: server.name,
            after: {
              received: request.body.items.length,
              total: count,
              groups: request.body.groups?.length ?? null,
            },
          },
        );
        return count;
      });
      request.log.info({ serverId: server.id, items: total }, 'plugin item list');
      return { imported: request.body.items.length, total };
    },
  );
};

export default pluginItemsRoutes;
