import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';

/** What the player and the admin read while a job waits for the admin's decision (issue 36). */
export { HELD_REASON } from '@shop/shared';

/**
 * Whether a job (alias `j`) may be handed out, by the RCON worker or to a plugin's lease: never
 * while a reversed payment holds it; and, unless the admin released it, not while the order's buyer
 * owes a reversed top-up (a negative balance). Jobs of no order (a VIP's revocation) always go.
 */
export const mayHandOut = sql`coalesce(j.hold, '') <> 'held'
  and (j.hold = 'released' or not exists (
    select 1 from orders o join users u on u.id = o.user_id
    where o.id = j.order_id and u.balance_kopecks < 0))`;

/** The jobs a hold covers: everything not yet given in full (a plugin's given units are in the world). */
const UNDELIVERED = sql`('pending', 'sending', 'failed')`;

/**
 * Holds and their decisions: the delivery module's part of a reversed payment. The payments module
 * holds, the orders module's admin routes release or cancel.
 */
export function createDeliveryHolds(db: Db) {
  return {
    /**
     * Holds every undelivered job of the orders `userId` placed since `since` (when the reversed
     * payment was credited), gifts included, in the caller's transaction. Returns the orders held.
     */
    async holdOrdersSince(userId: number, since: Date, paymentId: string): Promise<string[]> {
      const rows = await queryRows<{ orderId: string }>(
        db,
        sql`
        update delivery_jobs j set hold = 'held', held_at = now(), hold_payment_id = ${paymentId}
        from orders o
        where o.id = j.order_id and o.user_id = ${userId}
          and o.created_at >= ${since.toISOString()}::timestamptz
          and j.status in ${UNDELIVERED} and coalesce(j.hold, '') <> 'held'
        returning j.order_id as "orderId"`,
      );
      return [...new Set(rows.map((row) => row.orderId))];
    },

    /** The orders with held jobs, oldest hold first: what waits for the admin. */
    heldOrders: () =>
      queryRows<{ orderId: string; heldAt: Date; paymentId: string | null; jobs: number }>(
        db,
        sql`
        select j.order_id as "orderId", min(j.held_at) as "heldAt",
               min(j.hold_payment_id) as "paymentId", count(*)::int as jobs
        from delivery_jobs j
        where j.hold = 'held' and j.status in ${UNDELIVERED}
        group by j.order_id
        order by min(j.held_at), j.order_id`,
      ),

    /** Whether an order has jobs a hold keeps now. */
    async isHeld(orderId: string): Promise<boolean> {
      const [row] = await queryRows<{ held: boolean }>(
        db,
        sql`select exists (select 1 from delivery_jobs j where j.order_id = ${orderId}
              and j.hold = 'held' and j.status in ${UNDELIVERED}) as held`,
      );
      return row?.held === true;
    },

    /**
     * Cancels the grant jobs of an order's VIP lines whose terms a reversal revoked, where no
     * command of them ran yet: the term they would start is over, so a grant given later (after a
     * release, or when the player comes back) would leave a group that nothing expires. A grant
     * being sent is left to finish (the revocation queued after it takes the group back); one whose
     * lease ended with nothing reported is no longer being sent.
     */
    async cancelRevokedGrants(orderId: string, lines: readonly number[]): Promise<number> {
      if (lines.length === 0) return 0;
      const rows = await queryRows<{ id: string }>(
        db,
        sql`
        update delivery_jobs j set status = 'cancelled', lease_until = null
        where j.order_id = ${orderId} and j.payload->'vip' is not null
          and jsonb_typeof(j.payload->'vip') = 'object'
          and j.order_item_id in (select jsonb_array_elements_text(${JSON.stringify(lines)}::jsonb)::int)
          and (j.status in ('pending', 'failed')
            or (j.status = 'sending' and j.lease_until < now() and j.in_flight is null))
          and j.progress = 0 and j.given_amount = 0
        returning j.id`,
      );
      return rows.length;
    },

    /**
     * The admin lets the order's held jobs go: due at once, and handed out even while the buyer's
     * balance stays negative. Returns how many jobs were released.
     */
    async release(orderId: string): Promise<number> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`
        update delivery_jobs j set hold = 'released', next_attempt_at = now()
        where j.order_id = ${orderId} and j.hold = 'held' and j.status in ${UNDELIVERED}
        returning j.id`,
      );
      return rows.length;
    },
  };
}
