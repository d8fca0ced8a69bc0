import type { FastifyInstance } from 'fastify';
import type {
  IncomingNotification,
  PaymentProvider,
  ProviderId,
  ProviderPaymentState,
} from '../../integrations/payments/payment-provider';
import { isPaymentId } from '../../integrations/payments/payment-provider';
import type { ShopProviders } from '../../integrations/payments/provider-registry';
import { badRequest, conflict, HttpError } from '../../plugins/errors';
import { createPaymentsRepository, type PaymentRow } from './payments-repository';

export const NOTIFY_MESSAGES = {
  unknown: 'Уведомление отклонено: неизвестный заказ',
  amount: 'Уведомление отклонено: сумма не совпадает',
  mismatch: 'Уведомление отклонено: платёж не совпадает с данными платёжной системы',
  notPaid: 'Платёж ещё не оплачен по данным платёжной системы',
  unavailable: 'Платёжная система не ответила: уведомление будет принято при повторе',
} as const;

export type Settlement =
  'credited' | 'already-paid' | 'closed' | 'reversed' | 'pending' | 'ignored';

export interface SettlementDeps {
  credit(paymentId: string, providerPaymentId: string | null): Promise<'credited' | 'already-paid'>;
  /** Reverses a credited top-up the provider reports refunded (provider-reconcile.ts). */
  reverseRefunded(provider: ProviderId, paymentId: string): Promise<boolean>;
}

/**
 * What the provider's API says about a payment, applied once: paid credits (once, whoever asks),
 * cancelled or failed closes a pending one, refunded in full reverses a credited one. A state that
 * names another payment or another amount changes nothing and is reported.
 */
export async function applyProviderState(
  app: FastifyInstance,
  deps: SettlementDeps,
  payment: PaymentRow,
  state: ProviderPaymentState,
): Promise<Settlement> {
  const wrongPayment = state.paymentId !== null && state.paymentId !== payment.id;
  const wrongAmount = state.amountKopecks !== null && state.amountKopecks !== payment.amountKopecks;
  if (wrongPayment || wrongAmount) {
    app.log.warn(
      { paymentId: payment.id, provider: payment.provider, state },
      'provider reports another payment or amount',
    );
    throw badRequest(NOTIFY_MESSAGES.mismatch);
  }
  const repo = createPaymentsRepository(app.db);
  switch (state.status) {
    case 'paid':
      return deps.credit(payment.id, state.providerPaymentId);
    case 'refunded':
      if (payment.status === 'paid') {
        return (await deps.reverseRefunded(payment.provider as ProviderId, payment.id))
          ? 'reversed'
          : 'already-paid';
      }
      // Refunded before the shop heard it was paid: the player never had the money here.
      await repo.markClosed(payment.id, 'cancelled');
      return 'closed';
    case 'cancelled':
    case 'failed':
      await repo.markClosed(payment.id, state.status === 'failed' ? 'failed' : 'cancelled');
      return 'closed';
    default:
      return 'pending';
  }
}

/**
 * A provider's notification: its origin and signature first, then the payment it names is read
 * back from the provider's API, and only that is applied. Concurrent copies for one payment share
 * one read; a payment already credited answers at once without asking again.
 */
export function createNotificationHandler(
  app: FastifyInstance,
  providers: ShopProviders,
  deps: SettlementDeps,
) {
  const repo = createPaymentsRepository(app.db);
  const reading = new Map<string, Promise<ProviderPaymentState>>();

  function readOnce(provider: PaymentProvider, payment: PaymentRow, providerPaymentId: string) {
    const key = `${provider.id}:${payment.id}`;
    const pending = reading.get(key);
    if (pending) return pending;
    const read = provider
      .readPayment({ paymentId: payment.id, providerPaymentId })
      .finally(() => reading.delete(key));
    reading.set(key, read);
    return read;
  }

  async function find(providerId: ProviderId, paymentId: string | null, theirs: string) {
    if (paymentId !== null) {
      const payment = isPaymentId(paymentId) ? await repo.findById(paymentId) : undefined;
      if (!payment || payment.provider !== providerId) return undefined;
      // A known provider id must be the one the notification names.
      if (
        payment.providerId !== null &&
        providerId !== 'freekassa' &&
        payment.providerId !== theirs
      ) {
        return undefined;
      }
      return payment;
    }
    return repo.findByProviderId(providerId, theirs);
  }

  return async function handle(
    providerId: ProviderId,
    notification: IncomingNotification,
  ): Promise<Settlement> {
    const provider = providers.get(providerId);
    if (!provider) throw badRequest('Уведомление отклонено: платёжная система не настроена');
    const check = provider.verifyNotification(notification);
    if (!check.ok) {
      if (check.reason === 'unsupported_event') return 'ignored';
      app.log.warn(
        { provider: providerId, reason: check.reason, sourceIp: notification.sourceIp },
        'payment notification refused',
      );
      throw badRequest(`Уведомление отклонено: ${check.reason}`);
    }
    const payment = await find(providerId, check.paymentId, check.providerPaymentId);
    if (!payment) throw badRequest(NOTIFY_MESSAGES.unknown);
    if (check.amountKopecks !== null && check.amountKopecks !== payment.amountKopecks) {
      app.log.warn({ paymentId: payment.id, got: check.amountKopecks }, 'payment amount mismatch');
      throw badRequest(NOTIFY_MESSAGES.amount);
    }
    // A repeat of what is already done needs no question to the provider.
    if (check.event === 'paid' && payment.status === 'paid') return 'already-paid';
    let state: ProviderPaymentState;
    try {
      state = await readOnce(provider, payment, payment.providerId ?? check.providerPaymentId);
    } catch (error) {
      app.log.warn(
        { err: error, paymentId: payment.id },
        'provider did not confirm a notification',
      );
      // The provider repeats a notification it got no success for; by then its API may answer.
      throw new HttpError(502, 'provider_unavailable', NOTIFY_MESSAGES.unavailable);
    }
    const outcome = await applyProviderState(app, deps, payment, state);
    if (outcome === 'pending' && check.event === 'paid') throw conflict(NOTIFY_MESSAGES.notPaid);
    return outcome;
  };
}
