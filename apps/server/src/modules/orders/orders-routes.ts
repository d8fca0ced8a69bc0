import { apiErrorSchema, orderSchema, purchaseReplySchema, purchaseSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../plugins/errors';
import { perAccountLimit } from '../../plugins/rate-limits';
import { createOrdersRepository } from './orders-repository';

const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = createOrdersRepository(app.db);
  const security = [{ bearer: [] }];
  const replies = errorReplies(400, 401, 403, 404);

  app.post(
    '/purchase',
    {
      preHandler: app.requireUser,
      config: { rateLimit: perAccountLimit(120), idempotent: true },
      schema: {
        tags: ['orders'],
        security,
        summary: 'Buy a product for a server: debit, order and delivery in one transaction',
        body: purchaseSchema,
        response: { 200: purchaseReplySchema, ...replies },
      },
    },
    async (request, reply) =>
      app.idempotency.run(
        request,
        reply,
        (tx) => app.purchases.buyProduct(tx, request.user!, request.body),
        (body) => app.purchases.announce(request.user!.id, body),
      ),
  );

  app.get(
    '/orders',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['orders'],
        security,
        summary: "The signed-in user's orders with their delivery state, newest first",
        response: { 200: z.array(orderSchema), 401: apiErrorSchema },
      },
    },
    async (request) => orders.forUser(request.user!.id),
  );
};

export default ordersRoutes;
