import type { FastifyInstance } from 'fastify';
import type {
  PaymentProvider,
  ProviderId,
  ProviderReversal,
} from '../../integrations/payments/payment-provider';
import { isPaymentId } from '../../integrations/payments/payment-provider';
import type { ShopProviders } from '../../integrations/payments/provider-registry';
import type { AuditActor } from '../audit/audit-log';
import { PROVIDER_ACTOR, PROVIDER_REASON, REFUND_WINDOW_MS } from './payment-reversals';
import { createPartialRefunds } from './partial-refunds';
import { createPaymentsRepository } from './payments-repository';
import { applyProviderState, type SettlementDeps } from './provider-notifications';

/** Who the journal names for a reversal the job found, and why, per provider. */
const REVERSAL_SIGNATURE: Record<ProviderId, { actor: AuditActor; reason: string }> = {
  freekassa: { actor: PROVIDER_ACTOR, reason: PROVIDER_REASON },
  yookassa: {
    actor: { id: null, name: 'ЮKassa', ip: null },
    reason: 'ЮKassa сообщила о возврате всей суммы платежа',
  },
  cryptopay: {
    actor: { id: null, name: 'Crypto Pay', ip: null },
    reason: 'Crypto Pay сообщила о возврате платежа',
  },
};

export const reversalSignature = (provider: ProviderId) => REVERSAL_SIGNATURE[provider];

/**
 * A provider's typed failure as one line, its reason and what to do, with no stack: the job meets
 * it again every 5 minutes until the operator fixes it, and a trace says nothing they can act on.
 * Anything else (a fault of ours) keeps its stack.
 */
function warnFailure(
  app: FastifyInstance,
  error: unknown,
  fields: Record<string, unknown>,
  what: string,
): void {
  const reason =
    error instanceof Error && 'reason' in error && typeof error.reason === 'string'
      ? error.reason
      : undefined;
  if (!reason) {
    app.log.warn({ err: error, ...fields }, what);
    return;
  }
  const hint =
    reason === 'unauthorized'
      ? "the provider refused the shop's credentials: check its settings"
      : (error as Error).message;
  app.log.warn({ ...fields, reason }, `${what}: ${hint}`);
}

/**
 * The reconciliation job, per configured provider: pending top-ups whose notification may have been
 * lost are read back and settled; then the provider's refunds and chargebacks reverse the credited
 * top-ups they cover in full, once each. The demo never asks a provider that is not its own stand-in.
 */
export async function reconcileProviders(
  app: FastifyInstance,
  providers: ShopProviders,
  deps: SettlementDeps & {
    reverse(provider: ProviderId, paymentId: string): Promise<boolean>;
    demo: boolean;
  },
): Promise<void> {
  const repo = createPaymentsRepository(app.db);
  const stale = await repo.listStalePending(2, 3);
  for (const provider of providers.all()) {
    if (deps.demo && !providers.isLocal(provider.id)) continue;
    for (const payment of stale.filter((row) => row.provider === provider.id)) {
      try {
        const state = await provider.readPayment({
          paymentId: payment.id,
          providerPaymentId: payment.providerId,
        });
        await applyProviderState(app, deps, payment, state);
      } catch (error) {
        warnFailure(
          app,
          error,
          { provider: provider.id, paymentId: payment.id },
          'reconciliation check failed',
        );
      }
    }
    await reverseRefunded(app, provider, (id, paymentId) => deps.reverse(id, paymentId));
  }
}

async function reverseRefunded(
  app: FastifyInstance,
  provider: PaymentProvider,
  reverse: (provider: ProviderId, paymentId: string) => Promise<boolean>,
): Promise<void> {
  let reported: ProviderReversal[];
  try {
    reported = await provider.listReversals(new Date(Date.now() - REFUND_WINDOW_MS));
  } catch (error) {
    warnFailure(app, error, { provider: provider.id }, 'reconciliation of refunds failed');
    return;
  }
  const repo = createPaymentsRepository(app.db);
  const due: string[] = await repo.paidWithoutReversal(
    reported.flatMap((item) =>
      item.paymentId && isPaymentId(item.paymentId) ? [item.paymentId] : [],
    ),
  );
  const theirs = new Map(
    reported.flatMap((item) =>
      !item.paymentId && item.providerPaymentId ? [[item.providerPaymentId, item] as const] : [],
    ),
  );
  const partial = createPartialRefunds(app.db);
  for (const row of await repo.paidWithoutReversalByProviderIds(provider.id, [...theirs.keys()])) {
    const refunded = theirs.get(row.providerId ?? '')?.amountKopecks ?? null;
    if (refunded !== null && refunded < row.amountKopecks) {
      // The reversal module takes back whole top-ups only: a partial refund is the admin's call,
      // listed for them in the overview.
      const fresh = await partial.record({
        paymentId: row.id,
        userId: row.userId,
        provider: provider.id,
        amountKopecks: row.amountKopecks,
        refundedKopecks: refunded,
      });
      if (fresh) app.log.warn({ paymentId: row.id, refunded }, 'partial refund left to the admin');
      continue;
    }
    due.push(row.id);
  }
  for (const paymentId of due) {
    try {
      if (await reverse(provider.id, paymentId)) {
        app.log.info(
          { paymentId, provider: provider.id },
          'top-up reversed: refunded at the provider',
        );
      }
    } catch (error) {
      app.log.warn({ err: error, paymentId }, 'reversal of a refunded top-up failed');
    }
  }
}
