import { pluginLeaseReplySchema, pluginLeaseRequestSchema, type PluginJob } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gameText } from '../../integrations/rust-rcon/index';
import type { DeliveryJobRow } from '../delivery/delivery-repository';
import { jobAmount } from '../delivery/plugin-jobs-repository';
import { callerOf, pluginErrorReplies, pluginRoute } from './plugin-route';
import { createServerGroupsRepository } from './server-groups';

/** A job as the plugin reads it: its whole amount, what was given already, and every command. */
function toPluginJob(job: DeliveryJobRow): PluginJob {
  const { payload } = job;
  const common = {
    id: job.id,
    itemName: payload.itemName,
    amount: jobAmount(payload),
    given: job.givenAmount,
    // A gift's buyer, as the plugin shows them to the recipient in the chat.
    giftFrom: payload.gift ? gameText(payload.gift.from, 64) : null,
  };
  if (payload.kind === 'give')
    return { ...common, kind: 'give', shortname: payload.shortname, commands: [], items: [] };
  if (payload.kind === 'kit') {
    const items = payload.items.map((line) => ({
      shortname: line.shortname,
      itemName: gameText(line.name, 64),
      amount: line.amount,
    }));
    return { ...common, kind: 'kit', shortname: null, commands: [], items };
  }
  return { ...common, kind: 'commands', shortname: null, commands: payload.commands, items: [] };
}

/** POST /jobs/lease — a player's jobs on this server, leased to the plugin to give. */
const pluginJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const groups = createServerGroupsRepository(app.db);
  app.post(
    '/jobs/lease',
    {
      schema: {
        ...pluginRoute,
        summary:
          "A player's due jobs on this server (gifts to them included), at most 50, oldest first, leased for leaseSeconds; manual (/store) also takes jobs whose retry time has not come",
        body: pluginLeaseRequestSchema,
        response: { 200: pluginLeaseReplySchema, ...pluginErrorReplies },
      },
    },
    async (request) => {
      const { server } = callerOf(request);
      const leaseSeconds = app.delivery.pluginLeaseSeconds;
      const { jobs, inProgress } = await app.delivery.pluginJobs.lease(
        server.id,
        request.body.steamId,
        request.body.manual,
        leaseSeconds,
      );
      // Only with jobs to give: an empty lease (most /store rounds) costs no catalogue query.
      const vipGroups = jobs.length > 0 ? await groups.vipGroups(server.id) : [];
      return { jobs: jobs.map(toPluginJob), leaseSeconds, inProgress, vipGroups };
    },
  );
};

export default pluginJobsRoutes;
