import { kopecksToRoubles } from '@shop/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { orderItems } from '../../db/schema/index';
import { conflict, notFound } from '../../plugins/errors';
import { createDeliveryRepository, type CancelledJob } from '../delivery/delivery-repository';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { postEntry } from '../ledger/ledger';
import { createOrdersRepository } from './orders-repository';
import { takeBackOrderVip } from '../vip/vip-refund';

export const REFUND_MESSAGES = {
  notFound: 'Заказ не найден',
  nothingToRefund:
    'Возвращать нечего сейчас: всё выдано или уже возвращено, либо выдача ещё идёт или ждёт сохранения мира',
} as const;

export interface RefundOutcome {
  success: true;
  refunded: number;
  message: string;
  /** Whose balance changed, and to what: the route tells that player's tabs after commit. */
  userId: number;
  balance: number | null;
}

/**
 * Returns the money for what an order never gave: its deliveries still waiting or failed are
 * cancelled and their items' cost is credited back, in the caller's transaction under the order's
 * row lock, with its audit row. A delivery in progress is left alone (the game may be giving it right
 * now). Running this twice, or twice at once, refunds once. The money goes to the buyer, also for a
 * gift.
 */
export async function refundOrder(
  tx: Db,
  orderId: string,
  actor: AuditActor,
  /** When it was refunded, if not now: the demo's history. */
  at?: Date,
): Promise<RefundOutcome> {
  const [order] = await queryRows<{ user_id: number }>(
    tx,
    sql`select id, user_id from orders where id = ${orderId} for update`,
  );
  if (!order) throw notFound(REFUND_MESSAGES.notFound);

  // Cancels what was never (fully) given and prices exactly that: an RCON give job pays back the
  // stacks it did not give, a plugin give job the items it did not give (priced per stack, rounded
  // down); a command job is refundable only before its first command ran, and a kit job only while
  // nothing of it was given (then in full): its lines have no one price to pay a part back by.
  const cancelled = await createDeliveryRepository(tx).cancelUndelivered(orderId);
  const itemIds = cancelled.flatMap((job) => (job.orderItemId === null ? [] : [job.orderItemId]));
  const items = itemIds.length
    ? await tx
        .select({
          id: orderItems.id,
          price: orderItems.priceKopecks,
          stacks: orderItems.stacks,
          total: orderItems.totalKopecks,
        })
        .from(orderItems)
        .where(inArray(orderItems.id, itemIds))
    : [];
  const amountOf = (job: CancelledJob) => {
    const item = items.find((row) => row.id === job.orderItemId);
    if (!item) return 0;
    if (job.kind !== 'give') return item.total;
    if (job.method === 'plugin' && job.stackSize) {
      const notGiven = Math.max(job.amount - job.givenAmount, 0);
      // In BigInt, so the product is exact whatever the price and amount; division rounds down.
      return Number((BigInt(item.price) * BigInt(notGiven)) / BigInt(job.stackSize));
    }
    return item.price * Math.max(item.stacks - job.progress, 0);
  };
  // A VIP whose grant never ran is taken back from whoever holds it (the recipient of a gift): its
  // cancelled job's term, and a term still waiting its turn (no job yet), paid back in full.
  const cancelledVipLines = cancelled.flatMap((job) =>
    job.vip && job.orderItemId !== null ? [job.orderItemId] : [],
  );
  const waitingVipLines = await takeBackOrderVip(tx, orderId, cancelledVipLines);
  const waitingVipAmount = waitingVipLines.length
    ? (
        await tx
          .select({ total: orderItems.totalKopecks })
          .from(orderItems)
          .where(inArray(orderItems.id, waitingVipLines))
      ).reduce((sum, row) => sum + row.total, 0)
    : 0;
  const amount = cancelled.reduce((sum, job) => sum + amountOf(job), 0) + waitingVipAmount;
  if (amount <= 0) throw conflict(REFUND_MESSAGES.nothingToRefund);

  const balance = await postEntry(tx, {
    userId: order.user_id,
    kind: 'refund',
    amountKopecks: amount,
    description: `Возврат за заказ #${orderId.slice(0, 8)}`,
    method: 'Возврат',
    orderId,
    at,
  });
  await createOrdersRepository(tx).settle(orderId, at);
  const refunded = kopecksToRoubles(amount);
  await recordAudit(
    tx,
    actor,
    {
      action: 'order.refund',
      targetType: 'user',
      targetId: order.user_id,
      after: { orderId, refunded },
    },
    at,
  );
  return {
    success: true,
    refunded,
    message: `Возвращено ${refunded} ₽ на баланс игрока`,
    userId: order.user_id,
    balance: balance === null ? null : kopecksToRoubles(balance),
  };
}
