import { AWAITING_SAVE_REASON } from '@shop/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { deliveryJobs, type DeliveryPayload } from '../../db/schema/index';
import { HELD_REASON, mayHandOut } from './delivery-holds';

export type DeliveryJobRow = typeof deliveryJobs.$inferSelect;

const BACKOFF_BASE_S = 30;
const BACKOFF_MAX_S = 600;

/** 30 s, 1 min, 2 min … capped at 10 min: a player who logs in later gets the item soon after. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(BACKOFF_BASE_S * 2 ** Math.max(attempts - 1, 0), BACKOFF_MAX_S);
}

/** The delivery states the site shows. */
export type ShownDeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed' | 'cancelled';

export { AWAITING_SAVE_REASON };

/**
 * A job's state as the site shows it: a plugin job all given and waiting for the world save is
 * still being delivered (a crash before the save takes it back), and says so as its reason.
 */
export function shownDelivery(job: Pick<DeliveryJobRow, 'status' | 'lastError' | 'hold'>): {
  status: ShownDeliveryStatus;
  reason: string | null;
} {
  if (job.status === 'given') return { status: 'sending', reason: AWAITING_SAVE_REASON };
  // A reversed payment holds it: nothing is handed out until the admin decides (issue 36).
  if (job.hold === 'held' && job.status !== 'delivered' && job.status !== 'cancelled') {
    return { status: 'pending', reason: HELD_REASON };
  }
  return {
    status: job.status as ShownDeliveryStatus,
    reason: job.status === 'delivered' ? null : job.lastError,
  };
}

/** A job a refund cancelled: what it was to give, how far it got, and to whom. */
export interface CancelledJob {
  orderItemId: number | null;
  /** Stacks (give) or commands confirmed: how far an RCON job got. */
  progress: number;
  userId: number;
  kind: DeliveryPayload['kind'];
  vip: { tier: string; days: number } | null;
  method: 'rcon' | 'plugin';
  /** Items a plugin give job gave of `amount`; null stack size for a commands job. */
  givenAmount: number;
  amount: number;
  stackSize: number | null;
}

/** A job as a worker claimed it: `attempts` rises with every claim, so it tells claims apart. */
type HeldJob = Pick<DeliveryJobRow, 'id' | 'attempts'>;

/** Fencing: a write of a worker whose claim was taken over by another matches no row. */
const heldBy = (job: HeldJob) =>
  and(
    eq(deliveryJobs.id, job.id),
    eq(deliveryJobs.attempts, job.attempts),
    eq(deliveryJobs.status, 'sending'),
  );

export function createDeliveryRepository(db: Db) {
  return {
    insert: (jobs: Array<typeof deliveryJobs.$inferInsert>) =>
      jobs.length ? db.insert(deliveryJobs).values(jobs).returning() : Promise.resolve([]),

    findById: async (id: string) =>
      (await db.select().from(deliveryJobs).where(eq(deliveryJobs.id, id)).limit(1))[0],

    /**
     * Takes due RCON jobs for this worker: pending ones whose time has come, and ones whose worker
     * stopped holding them (its lease ran out: the process died). SKIP LOCKED lets any number of
     * workers share the queue without taking a job twice.
     */
    async claimRcon(limit: number, leaseSeconds: number): Promise<DeliveryJobRow[]> {
      const claimed = await queryRows<{ id: string }>(
        db,
        sql`
        update delivery_jobs set status = 'sending', attempts = attempts + 1,
          lease_until = now() + make_interval(secs => ${leaseSeconds})
        where id in (
          select j.id from delivery_jobs j
          where j.method = 'rcon' and (
            (j.status = 'pending' and j.next_attempt_at <= now())
            or (j.status = 'sending' and j.lease_until < now()))
            and ${mayHandOut}
          order by j.created_at
          limit ${limit}
          for update skip locked)
        returning id`,
      );
      const ids = claimed.map((row) => row.id);
      return ids.length ? db.select().from(deliveryJobs).where(inArray(deliveryJobs.id, ids)) : [];
    },

    /**
     * Marks the step about to be sent, before it is sent: a crash now is recognisable later. False
     * when this worker no longer holds the job (another took it over): then it must not send.
     */
    async beginStep(job: HeldJob, step: number, leaseSeconds: number): Promise<boolean> {
      const held = await db
        .update(deliveryJobs)
        .set({ inFlight: step, leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(heldBy(job))
        .returning({ id: deliveryJobs.id });
      return held.length === 1;
    },

    async completeStep(job: HeldJob, step: number) {
      await db
        .update(deliveryJobs)
        .set({ progress: step + 1, inFlight: null, lastError: null })
        .where(heldBy(job));
    },

    /** Not sent (player offline, server down, inventory full): wait and try again later. */
    async postpone(job: HeldJob, reason: string, backoffAttempts: number) {
      await db
        .update(deliveryJobs)
        .set({
          status: 'pending',
          inFlight: null,
          leaseUntil: null,
          lastError: reason,
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(backoffAttempts)})`,
        })
        .where(heldBy(job));
    },

    async fail(job: HeldJob, reason: string) {
      await db
        .update(deliveryJobs)
        .set({ status: 'failed', leaseUntil: null, lastError: reason, failedAt: sql`now()` })
        .where(heldBy(job));
    },

    /** The worker's last step: delivered, if it still holds the job. */
    async finish(job: HeldJob): Promise<DeliveryJobRow[]> {
      return db
        .update(deliveryJobs)
        .set({
          status: 'delivered',
          inFlight: null,
          leaseUntil: null,
          deliveredAt: sql`now()`,
          lastError: null,
        })
        .where(heldBy(job))
        .returning();
    },

    /**
     * For an order's refund: cancels what it never (fully) gave, its jobs still waiting or failed,
     * a command job only before its first command ran (a give job pays back what it did not give).
     * A job being sent is left alone: the game may be giving it right now; so is a plugin job with
     * units given and not yet saved (all of it or part), since a crash before the save has the
     * plugin give those again, which it would not do for a cancelled job.
     */
    cancelUndelivered: (orderId: string) =>
      queryRows<CancelledJob>(
        db,
        sql`
        update delivery_jobs set status = 'cancelled', lease_until = null
        where order_id = ${orderId} and status in ('pending', 'failed')
          and (payload->>'kind' = 'give' or (progress = 0 and given_amount = 0))
          and given_amount = saved_amount
        returning order_item_id as "orderItemId", progress, user_id as "userId",
                  payload->>'kind' as kind, payload->'vip' as vip, method,
                  given_amount as "givenAmount", delivery_job_amount(payload) as amount,
                  (payload->>'stackSize')::int as "stackSize"`,
      ),

    /**
     * An order's waiting jobs as given in full at `at`, by whichever method they had: every stack or
     * command confirmed and, for a plugin job, every unit given and saved. For a history of
     * deliveries that happened before this shop ran (the demo's month of past activity); live
     * deliveries are recorded step by step by the worker and the plugin's reports.
     */
    recordDelivered: (orderId: string, at: Date) =>
      queryRows<Pick<DeliveryJobRow, 'id' | 'orderId'>>(
        db,
        sql`
        update delivery_jobs set status = 'delivered', attempts = attempts + 1,
          progress = delivery_job_progress(payload, delivery_job_amount(payload)),
          given_amount = case when method = 'plugin' then delivery_job_amount(payload) else 0 end,
          saved_amount = case when method = 'plugin' then delivery_job_amount(payload) else 0 end,
          in_flight = null, lease_until = null, last_error = null, delivered_at = ${at.toISOString()}
        where order_id = ${orderId} and status = 'pending'
        returning id, order_id as "orderId"`,
      ),

    listForOrders: (orderIds: string[]) =>
      orderIds.length
        ? db.select().from(deliveryJobs).where(inArray(deliveryJobs.orderId, orderIds))
        : Promise.resolve([]),

    /** Failed jobs an admin sent back: resume from the last confirmed step. */
    async retry(id: string) {
      const [row] = await db
        .update(deliveryJobs)
        .set({
          status: 'pending',
          inFlight: null,
          leaseUntil: null,
          nextAttemptAt: sql`now()`,
          lastError: null,
        })
        .where(and(eq(deliveryJobs.id, id), eq(deliveryJobs.status, 'failed')))
        .returning();
      return row;
    },
  };
}

export type DeliveryRepository = ReturnType<typeof createDeliveryRepository>;
