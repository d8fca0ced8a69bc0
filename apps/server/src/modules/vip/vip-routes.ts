import { stacksFor, vipPlanQuerySchema, vipPlanSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, errorReplies, notFound } from '../../plugins/errors';
import { createProductsRepository } from '../products/products-repository';
import { createServersRepository } from '../servers/servers-repository';
import { createUsersRepository } from '../users/users-repository';
import { purchasedVip } from './vip-grant';
import { previewVip, undatedPlan } from './vip-preview';

export const VIP_PLAN_MESSAGES = {
  notVip: 'Этот товар не даёт VIP',
  productNotFound: 'Товар не найден',
  serverNotFound: 'Сервер не найден',
} as const;

/** The VIP a purchase would leave, shown before paying (decision record 0027). */
const vipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vip/plan',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['vip'],
        security: [{ bearer: [] }],
        summary:
          "The VIP plan of the buyer now and after buying a VIP product, each tier and until when; a gift's recipient's tiers in order, without dates",
        querystring: vipPlanQuerySchema,
        response: { 200: vipPlanSchema, ...errorReplies(400, 401, 404) },
      },
    },
    async (request) => {
      const { productId, serverId, quantity, giftTo } = request.query;
      const product = await createProductsRepository(app.db).findById(productId);
      if (!product) throw notFound(VIP_PLAN_MESSAGES.productNotFound);
      const server = await createServersRepository(app.db).findById(serverId);
      if (!server) throw notFound(VIP_PLAN_MESSAGES.serverNotFound);
      const buyer = request.user!;
      const holder = giftTo
        ? ((await createUsersRepository(app.db).findBySteamId(giftTo)) ?? null)
        : buyer;
      const steamId = giftTo ?? buyer.steamId;
      const stacks = stacksFor(quantity, product.stackSize);
      const vip = purchasedVip(product, steamId, quantity, stacks, app.wipes.nextWipeAt(server));
      if (!vip) throw badRequest(VIP_PLAN_MESSAGES.notVip);
      const plan = await previewVip(app.db, holder?.id ?? null, { ...vip, serverId });
      return steamId === buyer.steamId ? plan : undatedPlan(plan);
    },
  );
};

export default vipRoutes;
