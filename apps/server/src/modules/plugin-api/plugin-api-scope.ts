import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../plugins/errors';
import { createServersRepository, type ServerRow } from '../servers/servers-repository';
import pluginItemsRoutes from './plugin-items-routes';
import pluginQueueRoutes from './plugin-queue-routes';

declare module 'fastify' {
  interface FastifyRequest {
    gameServer: ServerRow | null;
  }
}

export const SERVER_KEY_HEADER = 'x-server-key';

/**
 * The API the game-server plugin calls. Each server presents its own key; the key alone names the
 * server, so one leaked key exposes one server's queue, never another's.
 */
export default async function pluginApiScope(app: FastifyInstance) {
  const servers = createServersRepository(app.db);
  app.decorateRequest('gameServer', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const key = request.headers[SERVER_KEY_HEADER];
    if (typeof key !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(key)) {
      throw unauthorized('Неверный ключ сервера');
    }
    const server = await servers.findByPluginKey(key);
    // The lookup is by unique index; compare again in constant time before trusting it.
    if (!server || !timingSafeEqual(Buffer.from(server.pluginKey), Buffer.from(key))) {
      throw unauthorized('Неверный ключ сервера');
    }
    request.gameServer = server;
  });
  await app.register(pluginItemsRoutes);
  await app.register(pluginQueueRoutes);
}
