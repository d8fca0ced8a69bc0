import {
  pluginFailReplySchema,
  pluginFailRequestSchema,
  pluginGivenRequestSchema,
  pluginReleaseReplySchema,
  pluginReleaseRequestSchema,
  pluginSavedReplySchema,
  pluginSavedRequestSchema,
  pluginUpdatedReplySchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, pluginErrorReplies, pluginRoute } from './plugin-route';
import { logBusinessEvent } from '../../lib/business-events';

/**
 * What the plugin reports of the jobs it leased. Counts are absolute and only rise (except after a
 * crash), so a report repeated after a lost reply changes nothing; each touches only the calling
 * server's jobs.
 */
const pluginReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const jobs = app.delivery.pluginJobs;

  app.post(
    '/jobs/given',
    {
      schema: {
        ...pluginRoute,
        summary:
          'What the live world now has of each job: all of it → given (waits for the world save); less → pending again for the rest, with the note',
        body: pluginGivenRequestSchema,
        response: { 200: pluginUpdatedReplySchema, ...pluginErrorReplies },
      },
    },
    async (request) => ({
      updated: await jobs.given(callerOf(request).server.id, request.body.jobs),
    }),
  );

  app.post(
    '/jobs/saved',
    {
      schema: {
        ...pluginRoute,
        summary:
          'What the saved world now has of each job (after a written world save): all of it → delivered, and the order is settled once; closed names the reported jobs the shop has nothing more to do with',
        body: pluginSavedRequestSchema,
        response: { 200: pluginSavedReplySchema, ...pluginErrorReplies },
      },
    },
    async (request) => {
      const serverId = callerOf(request).server.id;
      const { updated, delivered } = await jobs.saved(serverId, request.body.jobs);
      await app.delivery.jobsDone(delivered);
      const closed = await jobs.closed(
        serverId,
        request.body.jobs.map((job) => job.id),
      );
      return { updated, closed };
    },
  );

  app.post(
    '/jobs/rolled-back',
    {
      schema: {
        ...pluginRoute,
        summary:
          'The game crashed before the world save: given falls back to saved and the job waits again, so the rest is given again',
        body: pluginSavedRequestSchema,
        response: { 200: pluginUpdatedReplySchema, ...pluginErrorReplies },
      },
    },
    async (request) => {
      const { updated, delivered } = await jobs.rolledBack(
        callerOf(request).server.id,
        request.body.jobs,
      );
      await app.delivery.jobsDone(delivered);
      return { updated };
    },
  );

  app.post(
    '/jobs/release',
    {
      schema: {
        ...pluginRoute,
        summary:
          'Leased jobs nothing was given of this round (no room, player left): pending again, offered to automatic rounds after retrySeconds',
        body: pluginReleaseRequestSchema,
        response: { 200: pluginReleaseReplySchema, ...pluginErrorReplies },
      },
    },
    async (request) => {
      const { ids, reason, retrySeconds } = request.body;
      return {
        released: await jobs.release(callerOf(request).server.id, ids, reason, retrySeconds),
      };
    },
  );

  app.post(
    '/jobs/fail',
    {
      schema: {
        ...pluginRoute,
        summary:
          'Jobs this server cannot give (unknown item, command not allowed or failed): failed with the reason, for the admin to retry or refund',
        body: pluginFailRequestSchema,
        response: { 200: pluginFailReplySchema, ...pluginErrorReplies },
      },
    },
    async (request) => {
      const serverId = callerOf(request).server.id;
      const failed = await jobs.fail(serverId, request.body.jobs);
      for (const job of failed) {
        logBusinessEvent(app.log, 'delivery_failed', {
          deliveryId: job.id,
          orderId: job.orderId ?? undefined,
          serverId,
          reason: job.reason,
        });
      }
      return { failed: failed.length };
    },
  );
};

export default pluginReportsRoutes;
