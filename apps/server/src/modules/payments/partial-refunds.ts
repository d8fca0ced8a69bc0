import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';

export const PARTIAL_REFUND_MESSAGES = {
  notFound: 'Частичный возврат не найден или уже учтён',
} as const;

export interface PartialRefund {
  paymentId: string;
  userId: number;
  username: string;
  steamId: string;
  provider: string;
  amountKopecks: number;
  refundedKopecks: number;
  seenAt: Date;
  updatedAt: Date;
}

/**
 * Top-ups a provider refunded in part. The shop takes back whole top-ups only (a part has no rule
 * for the bonus it brought, or for what was bought with it), so these wait for an admin: the
 * reconciliation job records each with the sum refunded so far, the admin overview lists the open
 * ones, and an admin marks one dealt with once they have settled the balance by hand.
 */
export function createPartialRefunds(db: Db) {
  return {
    /**
     * The provider reports `refundedKopecks` back of this payment. A new sum (a second refund)
     * opens it again for the admin. True when it is new or changed.
     */
    async record(input: {
      paymentId: string;
      userId: number;
      provider: string;
      amountKopecks: number;
      refundedKopecks: number;
      /** When the shop saw it, if not now: the demo's history. */
      at?: Date;
    }): Promise<boolean> {
      // The database's clock unless told: the staff notices' scan reads windows of that clock.
      const at = input.at ? sql`${input.at.toISOString()}::timestamptz` : sql`now()`;
      const changed = await queryRows<{ payment_id: string }>(
        db,
        sql`insert into payment_partial_refunds
            (payment_id, user_id, provider, amount_kopecks, refunded_kopecks, seen_at, updated_at)
          values (${input.paymentId}, ${input.userId}, ${input.provider}, ${input.amountKopecks},
            ${input.refundedKopecks}, ${at}, ${at})
          on conflict (payment_id) do update set refunded_kopecks = excluded.refunded_kopecks,
            updated_at = excluded.updated_at, settled_at = null, settled_by = null
          where payment_partial_refunds.refunded_kopecks <> excluded.refunded_kopecks
          returning payment_id`,
      );
      return changed.length > 0;
    },

    /** Closes the payment's open row: its refunds reached the whole of it and it was reversed. */
    async settleByReversal(paymentId: string): Promise<void> {
      await db.execute(
        sql`update payment_partial_refunds set settled_at = now()
          where payment_id = ${paymentId} and settled_at is null`,
      );
    },

    /** The open ones, newest change first, with the player. */
    async listOpen(limit = 100): Promise<PartialRefund[]> {
      const rows = await queryRows<{
        payment_id: string;
        user_id: number;
        username: string;
        steam_id: string;
        provider: string;
        amount_kopecks: string | number;
        refunded_kopecks: string | number;
        seen_at: Date | string;
        updated_at: Date | string;
      }>(
        db,
        sql`select r.payment_id, r.user_id, u.username, u.steam_id, r.provider, r.amount_kopecks,
            r.refunded_kopecks, r.seen_at, r.updated_at
          from payment_partial_refunds r join users u on u.id = r.user_id
          where r.settled_at is null order by r.updated_at desc, r.payment_id limit ${limit}`,
      );
      return rows.map((row) => ({
        paymentId: row.payment_id,
        userId: row.user_id,
        username: row.username,
        steamId: row.steam_id,
        provider: row.provider,
        amountKopecks: Number(row.amount_kopecks),
        refundedKopecks: Number(row.refunded_kopecks),
        seenAt: new Date(row.seen_at),
        updatedAt: new Date(row.updated_at),
      }));
    },

    /** An admin has dealt with it (in the caller's transaction, journaled); 404 if not open. */
    async settle(paymentId: string, actor: AuditActor): Promise<void> {
      const [row] = await queryRows<{ user_id: number; refunded_kopecks: string | number }>(
        db,
        sql`update payment_partial_refunds set settled_at = now(), settled_by = ${actor.id}
          where payment_id = ${paymentId} and settled_at is null
          returning user_id, refunded_kopecks`,
      );
      if (!row) throw notFound(PARTIAL_REFUND_MESSAGES.notFound);
      await recordAudit(db, actor, {
        action: 'payment.partial_refund_settled',
        targetType: 'user',
        targetId: row.user_id,
        after: { paymentId, refundedKopecks: Number(row.refunded_kopecks) },
      });
    },
  };
}
