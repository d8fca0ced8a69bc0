import {
  apiErrorSchema,
  idParamSchema,
  orderSchema,
  refundReplySchema,
  userPurchasesSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../plugins/errors';
import { createUsersRepository } from '../users/users-repository';
import { createOrdersRepository } from './orders-repository';
import { refundOrder } from './refund-order';
import { actorOf, recordAudit } from '../audit/audit-log';
import { createDeliveryRepository } from '../delivery/delivery-repository';
import holdsAdminRoutes from './holds-admin-routes';
import { logBusinessEvent } from '../../lib/business-events';

const PURCHASES_PAGE_SIZE = 20;

const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = createOrdersRepository(app.db);
  const users = createUsersRepository(app.db);
  const tags = ['admin: orders'];
  const security = [{ bearer: [] }];
  // Orders a reversed top-up holds, and the admin's two decisions on them.
  await app.register(holdsAdminRoutes);

  app.get(
    '/orders',
    {
      config: { permission: 'orders.view' },
      schema: {
        tags,
        security,
        summary: 'Latest orders, newest first',
        response: { 200: z.array(orderSchema) },
      },
    },
    async () => orders.latest(await app.itemIcons.lookup()),
  );

  app.get(
    '/users/:id/purchases',
    {
      config: { permission: 'orders.view' },
      schema: {
        tags,
        security,
        summary: "One user's purchases, 20 a page, with totals",
        params: idParamSchema,
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
        }),
        response: { 200: userPurchasesSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      if (!(await users.findById(request.params.id))) throw notFound('Пользователь не найден');
      return orders.purchasesOf(request.params.id, request.query.page, PURCHASES_PAGE_SIZE);
    },
  );

  app.post(
    '/orders/:id/refund',
    {
      config: { permission: 'orders.refund', idempotent: true },
      schema: {
        tags,
        security,
        summary:
          "Refund what an order did not deliver (waiting or failed items) to the buyer's balance; for a gift, the recipient's undelivered items are cancelled and a VIP not yet granted is taken back from them",
        params: z.object({ id: z.uuid() }),
        response: { 200: refundReplySchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) =>
      app.idempotency.run(
        request,
        reply,
        (tx) => refundOrder(tx, request.params.id, actorOf(request)),
        ({ userId, balance, refunded }) => {
          logBusinessEvent(app.log, 'refund', {
            orderId: request.params.id,
            userId,
            amountKopecks: Math.round(refunded * 100),
            by: request.user?.id,
          });
          if (balance !== null) app.realtime.toUser(userId, 'balanceUpdate', { balance });
        },
      ),
  );

  app.post(
    '/deliveries/:id/retry',
    {
      config: { permission: 'orders.refund' },
      schema: {
        tags,
        security,
        summary:
          'Send a failed delivery again from its last confirmed step (after checking the game)',
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ success: z.literal(true) }), 404: apiErrorSchema },
      },
    },
    async (request) => {
      // The job goes back to the queue and its journal row commits with it, or neither does.
      const retried = await app.db.transaction(async (tx) => {
        const deliveries = createDeliveryRepository(tx);
        const failed = await deliveries.findById(request.params.id);
        const job = await deliveries.retry(request.params.id);
        if (!job) return false;
        await recordAudit(tx, actorOf(request), {
          action: 'delivery.retry',
          targetType: 'user',
          targetId: job.userId,
          before: { status: 'failed', reason: failed?.lastError ?? null },
          after: {
            deliveryId: job.id,
            orderId: job.orderId,
            item: job.payload.itemName,
            serverId: job.serverId,
            status: job.status,
          },
        });
        return true;
      });
      if (!retried) throw notFound('Нет такой неудавшейся выдачи');
      void app.delivery.worker.kick();
      return { success: true as const };
    },
  );
};

export default ordersAdminRoutes;
