import {
  formatRoubles,
  kopecksToRoubles,
  roublesToKopecks,
  type paymentCreateSchema,
} from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type {
  IncomingNotification,
  ProviderId,
} from '../../integrations/payments/payment-provider';
import type { ShopProviders } from '../../integrations/payments/provider-registry';
import { badRequest, HttpError } from '../../plugins/errors';
import type { AuditActor } from '../audit/audit-log';
import { postEntry } from '../ledger/ledger';
import { createPromocodesRepository } from '../promocodes/promocodes-repository';
import { createPaymentsRepository } from './payments-repository';
import {
  assertConfirmedBonus,
  bonusColumns,
  bonusForPlayer,
  creditedBonusText,
  firstBonusApplies,
} from './top-up-bonus-terms';
import { reversePayment, type ReversalOutcome, type ReversalSource } from './payment-reversals';
import { assertWithinMethodLimits, chooseMethod, ledgerMethodLabel } from './payment-method-choice';
import { createNotificationHandler } from './provider-notifications';
import { reconcileProviders, reversalSignature } from './provider-reconcile';
import { createStatusFor } from './payment-status-check';
import { logBusinessEvent } from '../../lib/business-events';

export const PAYMENT_FAILED = 'Не удалось создать платеж';

type PaymentInput = z.output<typeof paymentCreateSchema>;

export type CreditOutcome = 'credited' | 'already-paid';

/**
 * Top-ups: a pending payment with its bonus fixed up front, the provider's page, and a credit that
 * happens once per payment whatever the provider, the reconciliation job or a replay sends.
 */
export function createPaymentsService(
  app: FastifyInstance,
  providers: ShopProviders,
  options: { publicUrl: string; demo: boolean },
) {
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
    const amountKopecks = roublesToKopecks(input.amount);
    const choice = chooseMethod(providers, input);
    // A method the owner switched off is refused, even to a dialog opened before (payment-methods.ts).
    await app.paymentMethods.assertEnabled(tx, choice.provider.id, choice.method.id);
    assertWithinMethodLimits(choice, amountKopecks);
    const opened = await bonusForPlayer(tx, userId, amountKopecks, topUp);
    assertConfirmedBonus(input, opened.bonus);
    return createPaymentsRepository(tx).create({
      userId,
      amountKopecks,
      ...bonusColumns(opened),
      provider: choice.provider.id,
      method: choice.method.id,
      email: input.email,
      ...(at ? { createdAt: at } : {}),
    });
  }

  /** A pending top-up and its payment page, in the caller's transaction (the money call's). */
  async function create(tx: Db, userId: number, input: PaymentInput, buyerIp: string) {
    const repo = createPaymentsRepository(tx);
    const payment = await open(tx, userId, input);
    const provider = providers.get(payment.provider as ProviderId)!;
    let created: { redirectUrl: string; providerPaymentId: string | null };
    try {
      created = await provider.createPayment({
        paymentId: payment.id,
        amountKopecks: payment.amountKopecks,
        methodId: payment.method,
        email: input.email,
        buyerIp,
        description: `Пополнение баланса #${payment.id.slice(0, 8)}`,
        returnUrl: `${options.publicUrl}/payment-success?orderId=${payment.id}`,
      });
    } catch (error) {
      app.log.warn({ err: error, paymentId: payment.id }, 'payment provider refused the order');
      // The provider's fault, not the request's: 502; the transaction drops the pending payment.
      throw new HttpError(502, 'provider_unavailable', PAYMENT_FAILED);
    }
    const url = created.redirectUrl;
    await repo.setPayUrl(payment.id, url, created.providerPaymentId);
    const bonus = payment.bonusKopecks + payment.firstBonusKopecks + payment.promoBonusKopecks;
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
      const method = ledgerMethodLabel(providers, paid.provider, paid.method);
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
      const firstApplies = await firstBonusApplies(tx, paid);
      const bonus =
        paid.bonusKopecks +
        (firstApplies ? paid.firstBonusKopecks : 0) +
        (promoApplies ? paid.promoBonusKopecks : 0);
      if (bonus > 0) {
        balance = await postEntry(tx, {
          userId: paid.userId,
          kind: 'bonus',
          amountKopecks: bonus,
          description: creditedBonusText(paid, { first: firstApplies, promo: promoApplies }),
          method: 'Бонус',
          paymentId: paid.id,
          at,
        });
      }
      return {
        userId: paid.userId,
        balance,
        provider: paid.provider,
        amountKopecks: paid.amountKopecks,
        bonusKopecks: bonus,
      };
    });
    if (!result) return 'already-paid';
    logBusinessEvent(
      app.log,
      'topup_credited',
      {
        paymentId,
        userId: result.userId,
        provider: result.provider,
        amountKopecks: result.amountKopecks,
        bonusKopecks: result.bonusKopecks,
      },
      'top-up credited',
    );
    if (result.balance !== null) {
      app.realtime.toUser(result.userId, 'balanceUpdate', {
        balance: kopecksToRoubles(result.balance),
      });
    }
    return 'credited';
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
    if (outcome.reversed) {
      logBusinessEvent(
        app.log,
        'reversal',
        { paymentId, userId: outcome.userId, source: input.source, by: input.actor.name },
        'top-up reversed',
      );
    }
    if (outcome.balanceKopecks !== null) {
      app.realtime.toUser(outcome.userId, 'balanceUpdate', {
        balance: kopecksToRoubles(outcome.balanceKopecks),
      });
    }
    return outcome;
  }

  /** A credited top-up the provider reports refunded, reversed once in the provider's name. */
  async function reverseRefunded(provider: ProviderId, paymentId: string): Promise<boolean> {
    const outcome = await reverse(paymentId, {
      source: 'provider',
      ...reversalSignature(provider),
    });
    return outcome.reversed;
  }

  const settlement = {
    credit: (id: string, theirs: string | null) => credit(id, theirs),
    reverseRefunded,
  };

  /**
   * A provider's notification (provider-notifications.ts): verified, then the payment is read back
   * from the provider and only that is applied, at most once.
   */
  const handleNotification: (
    provider: ProviderId,
    notification: IncomingNotification,
  ) => Promise<unknown> = createNotificationHandler(app, providers, settlement);

  /**
   * Every provider is asked about top-ups that stayed pending (a lost notification still credits),
   * then for its refunds and chargebacks: each credited top-up they cover is reversed once.
   */
  const reconcile = () =>
    reconcileProviders(app, providers, {
      ...settlement,
      reverse: reverseRefunded,
      demo: options.demo,
    });

  /** One of a player's payments, a pending YooKassa or Crypto Pay one asked about first. */
  const statusFor = createStatusFor(app, providers, settlement);

  return { open, create, credit, handleNotification, reconcile, reverse, statusFor };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
