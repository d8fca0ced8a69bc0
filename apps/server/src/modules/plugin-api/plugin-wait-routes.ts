import { setTimeout as sleep } from 'node:timers/promises';
import { pluginWaitReplySchema, pluginWaitRequestSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, pluginErrorReplies, pluginRoute } from './plugin-route';

/**
 * Looks for due jobs every `pollMs` until some are found, `waitMs` pass or `signal` aborts. The queue
 * is the database, so a purchase made through any shop instance is seen by the instance that holds
 * the wait, with no channel between them.
 */
async function waitForDue(
  findDue: () => Promise<string[]>,
  { waitMs, pollMs, signal }: { waitMs: number; pollMs: number; signal: AbortSignal },
): Promise<string[]> {
  const deadline = Date.now() + waitMs;
  while (!signal.aborted) {
    const due = await findDue();
    if (due.length > 0) return due;
    const left = deadline - Date.now();
    if (left <= 0) break;
    try {
      await sleep(Math.min(pollMs, left), undefined, { signal });
    } catch {
      break; // aborted: the plugin hung up, or the shop is stopping
    }
  }
  return [];
}

/** POST /wait — the plugin's long poll for automatic delivery. */
const pluginWaitRoutes: FastifyPluginAsyncZod = async (app) => {
  const jobs = app.delivery.pluginJobs;
  // Waits end when the shop stops, instead of holding its shutdown for up to a wait's length.
  const stopping = new AbortController();
  app.addHook('preClose', async () => stopping.abort());

  app.post(
    '/wait',
    {
      schema: {
        ...pluginRoute,
        summary:
          'Long poll: answers as soon as any of these online players has a due job on this server, or after waitSeconds with an empty list',
        body: pluginWaitRequestSchema,
        response: { 200: pluginWaitReplySchema, ...pluginErrorReplies },
      },
    },
    async (request, reply) => {
      const { server } = callerOf(request);
      const online = [...new Set(request.body.online)];
      const hungUp = new AbortController();
      const onClose = () => hungUp.abort();
      reply.raw.once('close', onClose);
      // Nobody online: the round is waited out without asking the database.
      const findDue =
        online.length === 0
          ? async (): Promise<string[]> => []
          : () => jobs.dueFor(server.id, online);
      try {
        const steamIds = await waitForDue(findDue, {
          waitMs: app.delivery.pluginWaitSeconds * 1000,
          pollMs: app.delivery.pluginWaitPollMs,
          signal: AbortSignal.any([hungUp.signal, stopping.signal]),
        });
        return { steamIds, waitSeconds: app.delivery.pluginWaitSeconds };
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );
};

export default pluginWaitRoutes;
