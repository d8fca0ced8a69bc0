import { formatRoubles, kopecksToRoubles } from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { paymentReversals } from '../../db/schema/index';
import { conflict, notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { createDeliveryHolds } from '../delivery/delivery-holds';
import { paymentCredits, postReversal, REVERSAL_METHOD } from '../ledger/ledger';
import { createOrdersRepository } from '../orders/orders-repository';
import { revokeOrderVip } from '../vip/vip-refund';
import { createPartialRefunds } from './partial-refunds';

export const REVERSAL_MESSAGES = {
  notFound: 'Платёж не найден',
  notPaid: 'Отменить можно только оплаченное пополнение',
  nothingCredited: 'Это пополнение ничего не зачислило на баланс',
  already: 'Это пополнение уже отменено',
} as const;

/** The reason the reconciliation job writes: FreeKassa reports a refund and a chargeback alike. */
export const PROVIDER_REASON = 'FreeKassa сообщила о возврате платежа (возврат или чарджбэк)';

/** Who the journal names for a reversal the reconciliation job found. */
export const PROVIDER_ACTOR: AuditActor = { id: null, name: 'FreeKassa', ip: null };

/**
 * How far back the job looks for refunded orders: card chargebacks come up to about 120 days after
 * the payment, so half a year covers them with room to spare.
 */
export const REFUND_WINDOW_MS = 180 * 24 * 60 * 60 * 1000;

export type ReversalSource = 'provider' | 'admin';

export interface ReversalOutcome {
  /** False when the payment was reversed already: nothing changed this time. */
  reversed: boolean;
  userId: number;
  amountKopecks: number;
  /** The balance after it; null when nothing changed. */
  balanceKopecks: number | null;
  /** VIP lines bought since the top-up whose days were taken back. */
  vipTakenBack: number;
  /** Orders placed since the top-up whose undelivered goods now wait for the admin's decision. */
  ordersHeld: number;
}

/**
 * Takes a credited top-up back, once per payment, in the caller's transaction: one ledger entry
 * of everything the payment brought (its amount and its bonus), which may leave the balance below
 * zero; the VIP the player bought since the top-up arrived (bought with money that is gone) loses
 * the days it gave, and ends if nothing else holds it; the audit journal records who and why.
 * Concurrent or repeated calls reverse once: the payment's row lock orders them and the unique
 * payment_reversals_once keeps a second row out whatever happens.
 */
export async function reversePayment(
  tx: Db,
  paymentId: string,
  input: { source: ReversalSource; reason: string; actor: AuditActor },
): Promise<ReversalOutcome> {
  const [payment] = await queryRows<{ user_id: number; status: string; paid_at: Date | null }>(
    tx,
    sql`select user_id, status, paid_at from payments where id = ${paymentId} for update`,
  );
  if (!payment) throw notFound(REVERSAL_MESSAGES.notFound);
  const userId = payment.user_id;
  const [done] = await tx
    .select({ amount: paymentReversals.amountKopecks })
    .from(paymentReversals)
    .where(eq(paymentReversals.paymentId, paymentId));
  if (done) {
    return {
      reversed: false,
      userId,
      amountKopecks: done.amount,
      balanceKopecks: null,
      vipTakenBack: 0,
      ordersHeld: 0,
    };
  }
  if (payment.status !== 'paid') throw conflict(REVERSAL_MESSAGES.notPaid);
  const amount = await paymentCredits(tx, paymentId);
  if (amount <= 0) throw conflict(REVERSAL_MESSAGES.nothingCredited);

  const inserted = await tx
    .insert(paymentReversals)
    .values({
      paymentId,
      userId,
      amountKopecks: amount,
      source: input.source,
      reason: input.reason,
      adminId: input.source === 'admin' ? input.actor.id : null,
    })
    .onConflictDoNothing()
    .returning({ id: paymentReversals.id });
  if (inserted.length === 0) throw conflict(REVERSAL_MESSAGES.already);

  const balance = await postReversal(tx, {
    userId,
    amountKopecks: amount,
    description: `Отмена пополнения #${paymentId.slice(0, 8)}`,
    method: REVERSAL_METHOD[input.source],
    paymentId,
  });
  // The VIP bought since the money arrived is revoked: it was bought with money that is gone. Its
  // grant that never reached the game never will.
  const paidAt = payment.paid_at ? new Date(payment.paid_at) : new Date(0);
  const holds = createDeliveryHolds(tx);
  let vipTakenBack = 0;
  for (const orderId of await createOrdersRepository(tx).vipOrdersSince(userId, paidAt)) {
    const lines = await revokeOrderVip(tx, orderId);
    vipTakenBack += lines.length;
    await holds.cancelRevokedGrants(orderId, lines);
  }
  // Goods bought since then and not yet given wait for the admin: otherwise a player could buy,
  // leave it unclaimed, charge the top-up back and claim it (issue 36).
  const held = await holds.holdOrdersSince(userId, paidAt, paymentId);
  // A partial refund of this top-up waiting for the admin is dealt with: all of it is taken back.
  await createPartialRefunds(tx).settleByReversal(paymentId);
  await recordAudit(tx, input.actor, {
    action: 'payment.reverse',
    targetType: 'user',
    targetId: userId,
    before: { balance: kopecksToRoubles(balance + amount) },
    after: {
      balance: kopecksToRoubles(balance),
      paymentId,
      reversed: kopecksToRoubles(amount),
      source: input.source,
      vipTakenBack,
      ordersHeld: held,
    },
    reason: input.reason,
  });
  return {
    reversed: true,
    userId,
    amountKopecks: amount,
    balanceKopecks: balance,
    vipTakenBack,
    ordersHeld: held.length,
  };
}

/** The admin's answer to a reversal, new or repeated. */
export function reversalMessage(outcome: ReversalOutcome): string {
  const amount = formatRoubles(kopecksToRoubles(outcome.amountKopecks));
  if (!outcome.reversed) return `Пополнение уже было отменено: списано ${amount}`;
  const vip = outcome.vipTakenBack > 0 ? ' VIP, купленный после пополнения, отозван.' : '';
  const held =
    outcome.ordersHeld > 0
      ? ` Невыданные заказы после пополнения (${outcome.ordersHeld}) ждут решения в «Удержанных заказах».`
      : '';
  return `Пополнение отменено: с баланса игрока списано ${amount}.${vip}${held}`;
}
