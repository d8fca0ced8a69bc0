import { kopecksToRoubles } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { conflict, notFound } from '../../plugins/errors';
import { createDeliveryRepository } from '../delivery/delivery-repository';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { postEntry } from '../ledger/ledger';
import { takeBackVip } from '../vip/vip-refund';

export const REFUND_MESSAGES = {
  notFound: 'Заказ не найден',
  nothingToRefund: 'Возвращать нечего: всё выдано или уже возвращено',
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
): Promise<RefundOutcome> {
  const [order] = await queryRows<{ user_id: number }>(
    tx,
    sql`select id, user_id from orders where id = ${orderId} for update`,
  );
  if (!order) throw notFound(REFUND_MESSAGES.notFound);

  // Cancels what was never (fully) given and prices exactly that: a stack job pays back the stacks
  // it did not give; a command job is refundable only before its first command ran.
  const cancelled = await queryRows<{
    amount: string;
    user_id: number;
    vip: { tier: string; days: number } | null;
  }>(
    tx,
    sql`
      with cancelled as (
        update delivery_jobs set status = 'cancelled', lease_until = null
        where order_id = ${orderId} and status in ('pending', 'failed')
          and (payload->>'kind' = 'give' or progress = 0)
        returning order_item_id, progress, user_id, payload->>'kind' as kind, payload->'vip' as vip)
      select c.user_id, c.vip,
             case when c.kind = 'give' then i.price_kopecks * greatest(i.stacks - c.progress, 0)
                  else i.total_kopecks end as amount
      from cancelled c join order_items i on i.id = c.order_item_id`,
  );
  const amount = cancelled.reduce((sum, row) => sum + Number(row.amount), 0);
  // A VIP whose grant never ran is taken back from whoever holds it (the recipient of a gift).
  for (const row of cancelled) {
    if (row.vip) await takeBackVip(tx, row.user_id, row.vip);
  }
  if (amount <= 0) throw conflict(REFUND_MESSAGES.nothingToRefund);

  const balance = await postEntry(tx, {
    userId: order.user_id,
    kind: 'refund',
    amountKopecks: amount,
    description: `Возврат за заказ #${orderId.slice(0, 8)}`,
    method: 'Возврат',
    orderId,
  });
  await createDeliveryRepository(tx).settleOrder(orderId);
  const refunded = kopecksToRoubles(amount);
  await recordAudit(tx, actor, {
    action: 'order.refund',
    targetType: 'user',
    targetId: order.user_id,
    after: { orderId, refunded },
  });
  return {
    success: true,
    refunded,
    message: `Возвращено ${refunded} ₽ на баланс игрока`,
    userId: order.user_id,
    balance: balance === null ? null : kopecksToRoubles(balance),
  };
}
