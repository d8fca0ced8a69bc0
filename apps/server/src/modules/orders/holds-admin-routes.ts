import {
  heldOrderSchema,
  holdDecisionReplySchema,
  kopecksToRoubles,
  type HeldOrder,
} from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { errorReplies, notFound } from '../../plugins/errors';
import { actorOf, recordAudit } from '../audit/audit-log';
import { createDeliveryHolds } from '../delivery/delivery-holds';
import { revokedVipLines } from '../vip/vip-refund';
import { refundOrder } from './refund-order';

export const HOLD_MESSAGES = {
  notHeld: 'Этот заказ не удерживается: решение уже принято или выдавать нечего',
  released: 'Заказ отпущен: товары будут выданы игроку',
  revokedVip: 'VIP из этого заказа отозван отменой пополнения и выдан не будет',
} as const;

interface OrderFacts {
  orderId: string;
  createdAt: Date;
  total: number;
  serverName: string | null;
  buyerId: number;
  username: string;
  steamId: string;
  balance: number;
  recipientSteamId: string | null;
  recipientName: string | null;
  items: Array<{ name: string; quantity: number }>;
}

/** The held orders as the admin's page lists them, oldest hold first. */
async function heldOrders(db: Db): Promise<HeldOrder[]> {
  const held = await createDeliveryHolds(db).heldOrders();
  if (held.length === 0) return [];
  const facts = await queryRows<OrderFacts>(
    db,
    sql`
    select o.id as "orderId", o.created_at as "createdAt", o.total_kopecks::bigint as total,
           s.name as "serverName", u.id as "buyerId", u.username, u.steam_id as "steamId",
           u.balance_kopecks::bigint as balance,
           r.steam_id as "recipientSteamId", r.username as "recipientName",
           coalesce((select json_agg(json_build_object('name', i.name, 'quantity', i.quantity)
                                     order by i.id)
                     from order_items i where i.order_id = o.id), '[]') as items
    from orders o join users u on u.id = o.user_id
    left join users r on r.id = o.recipient_id
    left join servers s on s.id = o.server_id
    where o.id::text in (select jsonb_array_elements_text(${JSON.stringify(held.map((row) => row.orderId))}::jsonb))`,
  );
  return held.flatMap((hold) => {
    const order = facts.find((row) => row.orderId === hold.orderId);
    if (!order) return [];
    return [
      {
        orderId: order.orderId,
        createdAt: new Date(order.createdAt).toISOString(),
        heldAt: new Date(hold.heldAt).toISOString(),
        paymentId: hold.paymentId,
        buyer: {
          id: order.buyerId,
          username: order.username,
          steamId: order.steamId,
          balance: kopecksToRoubles(Number(order.balance)),
        },
        recipient:
          order.recipientSteamId && order.recipientName
            ? { steamId: order.recipientSteamId, name: order.recipientName }
            : null,
        serverName: order.serverName,
        total: kopecksToRoubles(Number(order.total)),
        items: order.items,
        jobs: hold.jobs,
      },
    ];
  });
}

/**
 * Orders a reversed top-up holds (issue 36): the admin sees them and decides, each decision
 * journaled with the change it makes. Cancel: the undelivered goods are cancelled and their cost
 * credited to the buyer, which pays the debt down. Release: the goods go to the player even while
 * the balance stays negative.
 */
const holdsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin: orders'];
  const security = [{ bearer: [] }];
  const params = z.object({ orderId: z.uuid({ error: HOLD_MESSAGES.notHeld }) });

  app.get(
    '/holds',
    {
      config: { permission: 'orders.refund' },
      schema: {
        tags,
        security,
        summary:
          'Orders a reversed top-up holds: bought since the reversed payment was credited and not yet delivered; nothing of them is handed out until an admin decides',
        response: { 200: z.array(heldOrderSchema) },
      },
    },
    () => heldOrders(app.db),
  );

  app.post(
    '/holds/:orderId/cancel',
    {
      config: { permission: 'orders.refund', idempotent: true },
      schema: {
        tags,
        security,
        summary:
          "Cancel a held order: its undelivered goods are cancelled and their cost credited to the buyer's balance, paying the debt down; journaled",
        params,
        response: { 200: holdDecisionReplySchema, ...errorReplies(404, 409) },
      },
    },
    async (request, reply) =>
      app.idempotency.run(
        request,
        reply,
        async (tx) => {
          const { orderId } = request.params;
          if (!(await createDeliveryHolds(tx).isHeld(orderId)))
            throw notFound(HOLD_MESSAGES.notHeld);
          const refund = await refundOrder(tx, orderId, actorOf(request));
          await recordAudit(tx, actorOf(request), {
            action: 'order.hold_cancel',
            targetType: 'user',
            targetId: refund.userId,
            after: { orderId, refunded: refund.refunded, balance: refund.balance },
          });
          return {
            success: true as const,
            message: `Заказ отменён. ${refund.message}`,
            balance: refund.balance,
            userId: refund.userId,
          };
        },
        ({ userId, balance }) => {
          if (balance !== null) app.realtime.toUser(userId, 'balanceUpdate', { balance });
        },
      ),
  );

  app.post(
    '/holds/:orderId/release',
    {
      config: { permission: 'orders.refund' },
      schema: {
        tags,
        security,
        summary:
          'Release a held order: its goods are handed out to the player even while the balance stays negative; journaled',
        params,
        response: { 200: holdDecisionReplySchema, ...errorReplies(404) },
      },
    },
    async (request) => {
      const { orderId } = request.params;
      const outcome = await app.db.transaction(async (tx) => {
        const [order] = await queryRows<{ userId: number }>(
          tx,
          sql`select user_id as "userId" from orders where id = ${orderId} for update`,
        );
        if (!order) throw notFound(HOLD_MESSAGES.notHeld);
        const holds = createDeliveryHolds(tx);
        // A VIP the reversal revoked is not given by a release: its grant, back from a delivery
        // that was under way when the top-up was reversed, is cancelled instead.
        const revokedVip = await holds.cancelRevokedGrants(
          orderId,
          await revokedVipLines(tx, orderId),
        );
        const released = await holds.release(orderId);
        if (released + revokedVip === 0) throw notFound(HOLD_MESSAGES.notHeld);
        await recordAudit(tx, actorOf(request), {
          action: 'order.hold_release',
          targetType: 'user',
          targetId: order.userId,
          after: { orderId, deliveries: released, revokedVipCancelled: revokedVip },
        });
        return { released, revokedVip };
      });
      void app.delivery.worker.kick();
      const message = [
        outcome.released > 0 ? HOLD_MESSAGES.released : null,
        outcome.revokedVip > 0 ? HOLD_MESSAGES.revokedVip : null,
      ]
        .filter(Boolean)
        .join('. ');
      return { success: true as const, message, balance: null };
    },
  );
};

export default holdsAdminRoutes;
