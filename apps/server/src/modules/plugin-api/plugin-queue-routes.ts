import { apiErrorSchema, pluginJobSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gameText } from '../../integrations/rust-rcon/index';
import type { DeliveryJobRow } from '../delivery/delivery-repository';

/** A gift's buyer, as the plugin shows them to the recipient in the chat. */
const giftFrom = (job: DeliveryJobRow) =>
  job.payload.gift ? gameText(job.payload.gift.from, 64) : null;

const toPluginJob = (job: DeliveryJobRow) =>
  job.payload.kind === 'give'
    ? {
        id: job.id,
        kind: 'give' as const,
        itemName: job.payload.itemName,
        shortname: job.payload.shortname,
        stackSize: job.payload.stackSize,
        stacks: job.payload.stacks - job.progress,
        commands: [],
        giftFrom: giftFrom(job),
      }
    : {
        id: job.id,
        kind: 'commands' as const,
        itemName: job.payload.itemName,
        shortname: null,
        stackSize: null,
        stacks: null,
        commands: job.payload.commands.slice(job.progress),
        giftFrom: giftFrom(job),
      };

const idsSchema = z.object({ ids: z.array(z.uuid()).min(1).max(100) });

/**
 * The plugin's queue. `/store` asks for a player's pending deliveries, which are handed out under a
 * lease; the plugin gives what fits and acknowledges by id. A repeated acknowledgement is harmless,
 * and a job handed out but never acknowledged returns to the queue when its lease ends.
 */
const pluginQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.delivery.repository;
  const tags = ['game-server plugin'];
  const headers = z.object({ 'x-server-key': z.string() });

  app.get(
    '/queue',
    {
      schema: {
        tags,
        summary:
          "A player's pending deliveries on this server (gifts to them included, with the buyer's name), leased to the plugin",
        headers,
        querystring: z.object({
          steamId: z.string().regex(/^7656119\d{10}$/, 'Неверный Steam ID'),
        }),
        response: {
          200: z.object({ jobs: z.array(pluginJobSchema), leaseSeconds: z.number().int() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const jobs = await repo.leaseForPlugin(
        request.gameServer!.id,
        request.query.steamId,
        app.delivery.pluginLeaseSeconds,
      );
      return { jobs: jobs.map(toPluginJob), leaseSeconds: app.delivery.pluginLeaseSeconds };
    },
  );

  app.post(
    '/queue/ack',
    {
      schema: {
        tags,
        summary: 'Jobs the plugin gave: delivered (acknowledging twice changes nothing)',
        headers,
        body: idsSchema,
        response: {
          200: z.object({ acknowledged: z.number().int() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const delivered = await repo.markDelivered(request.body.ids, request.gameServer!.id);
      await app.delivery.jobsDone(delivered);
      // Only jobs this acknowledgement moved: a repeated one counts 0 and changes nothing.
      return { acknowledged: delivered.length };
    },
  );

  app.post(
    '/queue/release',
    {
      schema: {
        tags,
        summary: 'Jobs the plugin could not give now (no room): back to the queue at once',
        headers,
        body: idsSchema.extend({
          reason: z.string().max(200).optional().default('Недостаточно места в инвентаре'),
        }),
        response: {
          200: z.object({ released: z.number().int() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const released = await repo.release(
        request.body.ids,
        request.gameServer!.id,
        request.body.reason,
      );
      return { released };
    },
  );
};

export default pluginQueueRoutes;
