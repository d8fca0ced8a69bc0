import { kopecksToRoubles } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../plugins/errors';
import { postEntry } from '../ledger/ledger';

export const REFUND_MESSAGES = {
  notFound: 'Заказ не найден',
  nothingToRefund: 'Возвращать нечего: всё выдано или уже возвращено',
} as const;

interface Cancelled {
  user_id: number;
  amount: string;
  delivered: number;
}

/**
 * Returns the money for what an order never gave: its deliveries still waiting or failed are
 * cancelled and their items' cost is credited back, in one transaction under the order's row lock.
 * A delivery in progress is left alone (the game may be giving it right now). Running this twice,
 * or twice at once, refunds once.
 */
export async function refundOrder(app: FastifyInstance, orderId: string) {
  const outcome = await app.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const locked = (await tx.execute(
      sql`select id, user_id from orders where id = ${orderId} for update`,
    )) as unknown as { rows: Array<{ user_id: number }> };
    const order = locked.rows[0];
    if (!order) throw notFound(REFUND_MESSAGES.notFound);

    // One statement: the cancelled jobs and the cost of their items (a delivered count taken in the
    // same statement sees the rows as they were, which is what it should count).
    const result = (await tx.execute(sql`
      with cancelled as (
        update delivery_jobs set status = 'cancelled', lease_until = null
        where order_id = ${orderId} and status in ('pending', 'failed')
        returning order_item_id)
      select
        coalesce((select sum(i.total_kopecks) from order_items i
                  where i.id in (select order_item_id from cancelled)), 0) as amount,
        (select count(*)::int from delivery_jobs
         where order_id = ${orderId} and status = 'delivered') as delivered,
        ${order.user_id}::int as user_id`)) as unknown as { rows: Cancelled[] };
    const row = result.rows[0];
    const amount = Number(row?.amount ?? 0);
    if (!row || amount <= 0) throw conflict(REFUND_MESSAGES.nothingToRefund);

    const balance = await postEntry(tx, {
      userId: order.user_id,
      kind: 'refund',
      amountKopecks: amount,
      description: `Возврат за заказ #${orderId.slice(0, 8)}`,
      method: 'Возврат',
      orderId,
    });
    // Nothing was given: the order is cancelled. Some was: it is complete once nothing is open.
    await tx.execute(sql`
      update orders set
        status = case when ${row.delivered} = 0 then 'cancelled' else 'completed' end,
        is_delivered = ${row.delivered} > 0,
        delivered_at = case when ${row.delivered} > 0 then now() else delivered_at end
      where id = ${orderId}
        and not exists (select 1 from delivery_jobs
                        where order_id = ${orderId} and status in ('pending', 'sending', 'failed'))`);
    return { userId: order.user_id, amount, balance };
  });
  if (outcome.balance !== null) {
    app.realtime.toUser(outcome.userId, 'balanceUpdate', {
      balance: kopecksToRoubles(outcome.balance),
    });
  }
  const refunded = kopecksToRoubles(outcome.amount);
  return { success: true as const, refunded, message: `Возвращено ${refunded} ₽ на баланс игрока` };
}
