import type { FastifyInstance } from 'fastify';
import pluginV1Outdated from './plugin-v1-outdated';
import pluginV2Scope from './plugin-v2-scope';

/**
 * The API the game-server plugin calls, under /api/plugin: protocol v2, where each server signs its
 * requests with its own key and the shop signs its replies (so one leaked key exposes one server's
 * queue, never another's), and v1, which only tells an old plugin to update.
 */
export default async function pluginApiScope(app: FastifyInstance) {
  await app.register(pluginV2Scope, { prefix: '/v2' });
  await app.register(pluginV1Outdated, { prefix: '/v1' });
}
