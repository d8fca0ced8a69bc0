import {
  formatRoubles,
  kopecksToRoubles,
  roublesToKopecks,
  topUpBonusKopecks,
  type paymentCreateSchema,
} from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { FreekassaClient } from '../../integrations/freekassa/freekassa-client';
import { badRequest, conflict, HttpError } from '../../plugins/errors';
import type { AuditActor } from '../audit/audit-log';
import { postEntry } from '../ledger/ledger';
import { createPromocodesRepository } from '../promocodes/promocodes-repository';
import { createPaymentsRepository, type PaymentRow } from './payments-repository';
import {
  PROVIDER_ACTOR,
  PROVIDER_REASON,
  REFUND_WINDOW_MS,
  reversePayment,
  type ReversalOutcome,
  type ReversalSource,
} from './payment-reversals';

export const PAYMENT_FAILED = 'Не удалось создать платеж';
const METHOD_LABEL: Record<string, string> = { kassa: 'FreeKassa', sbp: 'СБП' };

type PaymentInput = z.output<typeof paymentCreateSchema>;

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export type CreditOutcome = 'credited' | 'already-paid';

/** The ledger's words for a top-up's bonus, with the percent fixed when the top-up was opened. */
export function bonusDescription(basePercent: number, promoApplies: boolean): string {
  if (basePercent <= 0) return 'Бонус к пополнению по промокоду';
  return promoApplies
    ? `Бонус к пополнению (${basePercent}% + промокод)`
    : `Бонус ${basePercent}% к пополнению`;
}

/**
 * Top-ups: a pending payment with its bonus fixed up front, the provider's page, and a credit that
 * happens once per payment whatever the provider, the reconciliation job or a replay sends.
 */
export function createPaymentsService(app: FastifyInstance, client: FreekassaClient) {
  const repo = createPaymentsRepository(app.db);

  /**
   * A pending top-up with its bonus fixed: the shop's base bonus percent (a setting) and the
   * percentage of a promo code the player activated before, in the caller's transaction. The amount
   * must lie within the shop's limits, and a dialog that promised another base percent is answered
   * 409: the player is credited what they were shown or nothing. `at`: when it was opened, if not
   * now (the demo's history).
   */
  async function open(tx: Db, userId: number, input: PaymentInput, at?: Date) {
    const { topUp } = (await app.site.current(tx)).content;
    if (input.amount < topUp.min) {
      throw badRequest(`Сумма должна быть не менее ${topUp.min} рублей`);
    }
    if (input.amount > topUp.max) {
      throw badRequest(`Сумма не должна превышать ${topUp.max} рублей`);
    }
    if (input.bonusPercent !== undefined && input.bonusPercent !== topUp.bonusPercent) {
      throw conflict(
        `Бонус к пополнению изменился: теперь ${topUp.bonusPercent}%. Проверьте сумму и подтвердите пополнение ещё раз.`,
      );
    }
    const amountKopecks = roublesToKopecks(input.amount);
    const waitingPromo = await createPromocodesRepository(tx).findWaitingPromo(userId);
    const base = topUpBonusKopecks(amountKopecks, 0, topUp.bonusPercent);
    const promoBonus = waitingPromo
      ? topUpBonusKopecks(amountKopecks, Number(waitingPromo.percent), topUp.bonusPercent) - base
      : 0;
    return createPaymentsRepository(tx).create({
      userId,
      amountKopecks,
      bonusKopecks: base,
      bonusPercent: topUp.bonusPercent,
      promoBonusKopecks: promoBonus,
      promoActivationId: waitingPromo?.activationId ?? null,
      method: input.method,
      email: input.email,
      ...(at ? { createdAt: at } : {}),
    });
  }

  /** A pending top-up and its payment page, in the caller's transaction (the money call's). */
  async function create(tx: Db, userId: number, input: PaymentInput, buyerIp: string) {
    const repo = createPaymentsRepository(tx);
    const payment = await open(tx, userId, input);
    const { amountKopecks } = payment;
    let url: string;
    try {
      url =
        input.method === 'sbp'
          ? (
              await client.createSbpOrder({
                orderId: payment.id,
                amountKopecks,
                email: input.email,
                ip: buyerIp,
              })
            ).location
          : client.paymentLink({ orderId: payment.id, amountKopecks, email: input.email });
    } catch (error) {
      app.log.warn({ err: error, paymentId: payment.id }, 'payment provider refused the order');
      // The provider's fault, not the request's: 502; the transaction drops the pending payment.
      throw new HttpError(502, 'provider_unavailable', PAYMENT_FAILED);
    }
    await repo.setPayUrl(payment.id, url);
    const bonus = payment.bonusKopecks + payment.promoBonusKopecks;
    return {
      success: true,
      url,
      orderId: payment.id,
      message: `Платёж на ${formatRoubles(input.amount)} создан. Бонус ${formatRoubles(kopecksToRoubles(bonus))}.`,
    };
  }

  /**
   * Credits a paid payment: the amount and the bonus as separate ledger rows, in one transaction.
   * `at`: when it was paid, if not now (the demo's history).
   */
  async function credit(
    paymentId: string,
    providerId: string | null,
    at?: Date,
  ): Promise<CreditOutcome> {
    const result = await app.db.transaction(async (tx) => {
      const txRepo = createPaymentsRepository(tx);
      const paid = await txRepo.markPaid(paymentId, providerId, at);
      if (!paid) return null;
      const method = METHOD_LABEL[paid.method] ?? 'FreeKassa';
      let balance = await postEntry(tx, {
        userId: paid.userId,
        kind: 'topup',
        amountKopecks: paid.amountKopecks,
        description: 'Пополнение баланса',
        method,
        paymentId: paid.id,
        at,
      });
      const promoApplies =
        paid.promoActivationId !== null &&
        paid.promoBonusKopecks > 0 &&
        (await createPromocodesRepository(tx).claimPromo(paid.promoActivationId, paid.id));
      const bonus = paid.bonusKopecks + (promoApplies ? paid.promoBonusKopecks : 0);
      if (bonus > 0) {
        balance = await postEntry(tx, {
          userId: paid.userId,
          kind: 'bonus',
          amountKopecks: bonus,
          description: bonusDescription(paid.bonusPercent ?? 10, promoApplies),
          method: 'Бонус',
          paymentId: paid.id,
          at,
        });
      }
      return { userId: paid.userId, balance };
    });
    if (!result) return 'already-paid';
    if (result.balance !== null) {
      app.realtime.toUser(result.userId, 'balanceUpdate', {
        balance: kopecksToRoubles(result.balance),
      });
    }
    return 'credited';
  }

  /** The provider's notification: signature, address and amount first; then a credit, at most once. */
  async function handleNotification(fields: Record<string, unknown>, sourceIp: string) {
    const check = client.verifyNotification(fields, sourceIp);
    if (!check.ok) {
      app.log.warn({ reason: check.reason, sourceIp }, 'payment notification refused');
      throw badRequest(`Уведомление отклонено: ${check.reason}`);
    }
    const payment = isUuid(check.orderId) ? await repo.findById(check.orderId) : undefined;
    if (!payment) throw badRequest('Уведомление отклонено: неизвестный заказ');
    if (payment.amountKopecks !== check.amountKopecks) {
      app.log.warn({ paymentId: payment.id, got: check.amountKopecks }, 'payment amount mismatch');
      throw badRequest('Уведомление отклонено: сумма не совпадает');
    }
    return credit(payment.id, check.providerId);
  }

  /**
   * Takes a credited top-up back once (payment-reversals.ts), then tells the player's tabs the new
   * balance. A repeat changes nothing and says so.
   */
  async function reverse(
    paymentId: string,
    input: { source: ReversalSource; reason: string; actor: AuditActor },
  ): Promise<ReversalOutcome> {
    const outcome = await app.db.transaction((tx) => reversePayment(tx, paymentId, input));
    if (outcome.balanceKopecks !== null) {
      app.realtime.toUser(outcome.userId, 'balanceUpdate', {
        balance: kopecksToRoubles(outcome.balanceKopecks),
      });
    }
    return outcome;
  }

  /**
   * Asks the provider about payments that stayed pending (a lost notification still credits), then
   * for its refunded orders (a refund and a chargeback alike): each credited top-up among them is
   * reversed once.
   */
  async function reconcile(): Promise<void> {
    for (const payment of await repo.listStalePending(2, 3)) {
      try {
        const status = await client.orderStatus(payment.id);
        if (status === 'paid') await credit(payment.id, null);
        else if (status === 'cancelled' || status === 'error' || status === 'refunded') {
          // Refunded before the shop heard it was paid: the player never had the money here.
          await repo.markClosed(payment.id, status === 'error' ? 'failed' : 'cancelled');
        }
      } catch (error) {
        app.log.warn({ err: error, paymentId: payment.id }, 'reconciliation check failed');
      }
    }
    await reconcileRefunds();
  }

  async function reconcileRefunds(): Promise<void> {
    let refunded: string[];
    try {
      refunded = await client.refundedOrderIds(new Date(Date.now() - REFUND_WINDOW_MS));
    } catch (error) {
      app.log.warn({ err: error }, 'reconciliation of refunds failed');
      return;
    }
    const due = await repo.paidWithoutReversal(refunded.filter(isUuid));
    for (const paymentId of due) {
      try {
        const outcome = await reverse(paymentId, {
          source: 'provider',
          reason: PROVIDER_REASON,
          actor: PROVIDER_ACTOR,
        });
        if (outcome.reversed) app.log.info({ paymentId }, 'top-up reversed: refunded at FreeKassa');
      } catch (error) {
        app.log.warn({ err: error, paymentId }, 'reversal of a refunded top-up failed');
      }
    }
  }

  async function statusFor(userId: number, paymentId: string) {
    const payment: PaymentRow | undefined = isUuid(paymentId)
      ? await repo.findById(paymentId)
      : undefined;
    if (!payment || payment.userId !== userId) return undefined;
    return {
      paid: payment.status === 'paid',
      status: payment.status as 'pending' | 'paid' | 'cancelled' | 'failed',
      amount: kopecksToRoubles(payment.amountKopecks),
      bonus: kopecksToRoubles(payment.bonusKopecks + payment.promoBonusKopecks),
    };
  }

  return { open, create, credit, handleNotification, reconcile, reverse, statusFor };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
