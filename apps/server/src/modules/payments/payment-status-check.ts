import type { FastifyInstance } from 'fastify';
import { kopecksToRoubles } from '@shop/shared';
import { isPaymentId, type ProviderId } from '../../integrations/payments/payment-provider';
import type { ShopProviders } from '../../integrations/payments/provider-registry';
import { createPaymentsRepository, type PaymentRow } from './payments-repository';
import { applyProviderState, type SettlementDeps } from './provider-notifications';

/** A pending payment is asked about at most this often while its player watches it. */
const ASK_EVERY_MS = 5_000;
const REMEMBERED = 5_000;

/**
 * While a player's return page polls a YooKassa or Crypto Pay top-up that is still pending, the
 * provider's API is asked (at most every 5 s per payment) and its answer applied as a
 * notification's would be. A payment then credits even if the owner has not set up notifications
 * yet, or one is late. FreeKassa keeps its own flow (the notification, then the 5-minute job).
 */
export function createStatusCheck(
  app: FastifyInstance,
  providers: ShopProviders,
  deps: SettlementDeps,
) {
  const repo = createPaymentsRepository(app.db);
  const asked = new Map<string, number>();

  return async function current(payment: PaymentRow): Promise<PaymentRow> {
    const provider = providers.get(payment.provider as ProviderId);
    if (payment.status !== 'pending' || payment.provider === 'freekassa' || !provider) {
      return payment;
    }
    if (!payment.providerId) return payment;
    const now = Date.now();
    if (now - (asked.get(payment.id) ?? 0) < ASK_EVERY_MS) return payment;
    if (asked.size >= REMEMBERED) asked.clear();
    asked.set(payment.id, now);
    try {
      const state = await provider.readPayment({
        paymentId: payment.id,
        providerPaymentId: payment.providerId,
      });
      await applyProviderState(app, deps, payment, state);
    } catch (error) {
      // The page keeps polling; the notification or the job settles it later.
      app.log.debug({ err: error, paymentId: payment.id }, 'status check with the provider failed');
      return payment;
    }
    return (await repo.findById(payment.id)) ?? payment;
  };
}

/** A player's own payment as `GET /payments/{id}/status` shows it; undefined: not theirs. */
export function createStatusFor(
  app: FastifyInstance,
  providers: ShopProviders,
  deps: SettlementDeps,
) {
  const repo = createPaymentsRepository(app.db);
  const current = createStatusCheck(app, providers, deps);
  return async function statusFor(userId: number, paymentId: string) {
    const payment = isPaymentId(paymentId) ? await repo.findById(paymentId) : undefined;
    if (!payment || payment.userId !== userId) return undefined;
    const { status } = await current(payment);
    return {
      paid: status === 'paid',
      status: status as 'pending' | 'paid' | 'cancelled' | 'failed',
      amount: kopecksToRoubles(payment.amountKopecks),
      bonus: kopecksToRoubles(
        payment.bonusKopecks + payment.firstBonusKopecks + payment.promoBonusKopecks,
      ),
    };
  };
}
