import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import {
  receipts,
  type ReceiptKind,
  type ReceiptLine,
  type ReceiptState,
} from '../../db/schema/index';

/** A receipt due to be sent or checked, with the YooKassa payment it is registered against. */
export interface DueReceipt {
  id: number;
  kind: ReceiptKind;
  state: ReceiptState;
  email: string;
  lines: ReceiptLine[];
  amountKopecks: number;
  requestKey: string;
  attempts: number;
  providerReceiptId: string | null;
  /** YooKassa's id of the top-up's payment; null if it never reached YooKassa. */
  providerPaymentId: string | null;
}

/** The first retry waits a minute, each next one twice as long, never more than six hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(attempts - 1, 0), 6 * 3_600_000);
}

export function createReceiptsRepository(db: Db) {
  async function set(id: number, values: Partial<typeof receipts.$inferInsert>) {
    await db
      .update(receipts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(receipts.id, id));
  }

  return {
    async due(limit = 20, now = new Date()): Promise<DueReceipt[]> {
      const rows = await queryRows<{
        id: number;
        kind: ReceiptKind;
        state: ReceiptState;
        email: string;
        lines: ReceiptLine[];
        amount_kopecks: string;
        request_key: string;
        attempts: number;
        provider_receipt_id: string | null;
        provider_payment_id: string | null;
      }>(
        db,
        sql`select r.id, r.kind, r.state, r.email, r.lines, r.amount_kopecks, r.request_key,
              r.attempts, r.provider_receipt_id, p.provider_id as provider_payment_id
            from receipts r join payments p on p.id = r.payment_id
            where r.state in ('queued', 'registering') and r.next_attempt_at <= ${now.toISOString()}
            order by r.next_attempt_at, r.id limit ${limit}`,
      );
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        state: row.state,
        email: row.email,
        lines: row.lines,
        amountKopecks: Number(row.amount_kopecks),
        requestKey: row.request_key,
        attempts: row.attempts,
        providerReceiptId: row.provider_receipt_id,
        providerPaymentId: row.provider_payment_id,
      }));
    },

    succeeded: (id: number, providerReceiptId: string | null) =>
      set(id, {
        state: 'succeeded',
        lastError: null,
        ...(providerReceiptId ? { providerReceiptId } : {}),
      }),

    /** YooKassa took it and registers it: asked again after the delay. */
    registering: (receipt: DueReceipt, providerReceiptId: string | null, now = new Date()) =>
      set(receipt.id, {
        state: 'registering',
        providerReceiptId,
        attempts: receipt.attempts + 1,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(receipt.attempts + 1)),
      }),

    /**
     * A failed attempt: tried again after the delay, or given up (`failed`) after `maxAttempts`.
     * `renewKey`: YooKassa refused the request, and a retry under the same key would only be
     * answered with that refusal again.
     */
    async retry(
      receipt: DueReceipt,
      error: string,
      options: { renewKey: boolean; maxAttempts: number; now?: Date },
    ) {
      const attempts = receipt.attempts + 1;
      const now = options.now ?? new Date();
      await set(receipt.id, {
        attempts,
        lastError: error.slice(0, 300),
        state: attempts >= options.maxAttempts ? 'failed' : receipt.state,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
        ...(options.renewKey ? { requestKey: randomUUID() } : {}),
      });
    },

    /** Nothing to register after all (an advance whose payment carried no receipt). */
    skipped: (id: number, note: string) => set(id, { state: 'skipped', lastError: note }),

    failed: (id: number, error: string) =>
      set(id, { state: 'failed', lastError: error.slice(0, 300) }),

    /** Receipts given up on and on their way, with the latest given up on (the admin's notice). */
    async summary() {
      const [counts] = await queryRows<{ failed: number; waiting: number }>(
        db,
        sql`select count(*) filter (where state = 'failed')::integer as failed,
              count(*) filter (where state in ('queued', 'registering'))::integer as waiting
            from receipts`,
      );
      const latest = await queryRows<{
        payment_id: string;
        username: string;
        kind: ReceiptKind;
        last_error: string | null;
      }>(
        db,
        sql`select r.payment_id, u.username, r.kind, r.last_error from receipts r
            join users u on u.id = r.user_id where r.state = 'failed'
            order by r.updated_at desc, r.id desc limit 5`,
      );
      return {
        failed: counts?.failed ?? 0,
        waiting: counts?.waiting ?? 0,
        latestFailed: latest.map((row) => ({
          paymentId: row.payment_id,
          username: row.username,
          kind: row.kind,
          lastError: row.last_error,
        })),
      };
    },

    /** Every receipt of one top-up's payment, as the admin sees them. */
    forPayment: (paymentId: string) =>
      db.select().from(receipts).where(eq(receipts.paymentId, paymentId)).orderBy(asc(receipts.id)),
  };
}

export type ReceiptsRepository = ReturnType<typeof createReceiptsRepository>;
