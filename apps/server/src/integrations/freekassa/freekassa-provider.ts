import {
  createHealthRecord,
  outageUnless,
  type PaymentMethod,
  type PaymentProvider,
  type ProviderPaymentState,
} from '../payments/payment-provider';
import {
  createFreekassaClient,
  FreekassaError,
  NOTIFICATION_REPLY,
  type FreekassaClient,
  type FreekassaDeps,
  type FreekassaOrderStatus,
  type FreekassaSettings,
} from './freekassa-client';

/** FreeKassa's two methods: its card form behind a signed link, and SBP through its order API. */
export const FREEKASSA_METHODS = { card: 'card', sbp: 'sbp' } as const;

const STATUS: Record<FreekassaOrderStatus, ProviderPaymentState['status']> = {
  paid: 'paid',
  new: 'pending',
  refunded: 'refunded',
  error: 'failed',
  cancelled: 'cancelled',
  unknown: 'unknown',
};

/**
 * FreeKassa behind the provider interface, as it worked before: the card link or the SBP order,
 * the md5-signed notification from its addresses (answered YES), its order API for the truth, and
 * its refunded orders (status 6: a refund and a chargeback alike) for the reversal module.
 */
export function createFreekassaProvider(
  settings: FreekassaSettings,
  deps: FreekassaDeps = {},
): PaymentProvider & { readonly client: FreekassaClient } {
  // «Already paid» and «order exists» are FreeKassa answering about one order, not failing.
  const health = createHealthRecord(outageUnless(FreekassaError, ['already_paid', 'order_exists']));
  const client = createFreekassaClient(settings, deps);
  // FreeKassa publishes no limits or fees for the shop to go by: the merchant account states them.
  const methods: PaymentMethod[] = [
    { id: FREEKASSA_METHODS.card, title: 'Банковская карта' },
    { id: FREEKASSA_METHODS.sbp, title: 'СБП' },
  ].map((method) => ({
    provider: 'freekassa',
    ...method,
    minKopecks: 100,
    maxKopecks: 100_000_000,
    fee: { basisPoints: 0, fixedKopecks: 0 },
  }));

  return {
    id: 'freekassa',
    title: 'FreeKassa',
    client,
    notificationReply: { contentType: 'text/plain; charset=utf-8', body: NOTIFICATION_REPLY },
    methods: () => methods,
    health: health.snapshot,

    async createPayment(input) {
      if (input.methodId === FREEKASSA_METHODS.sbp) {
        const { location } = await health.track(() =>
          client.createSbpOrder({
            orderId: input.paymentId,
            amountKopecks: input.amountKopecks,
            email: input.email,
            ip: input.buyerIp,
          }),
        );
        return { redirectUrl: location, providerPaymentId: null };
      }
      if (input.methodId !== FREEKASSA_METHODS.card) {
        throw new RangeError(`FreeKassa has no method ${input.methodId}`);
      }
      // A signed link: nothing is asked of FreeKassa until the player opens it.
      const url = client.paymentLink({
        orderId: input.paymentId,
        amountKopecks: input.amountKopecks,
        email: input.email,
      });
      return { redirectUrl: url, providerPaymentId: null };
    },

    verifyNotification(notification) {
      const fields =
        typeof notification.body === 'object' && notification.body !== null
          ? (notification.body as Record<string, unknown>)
          : {};
      const check = client.verifyNotification(fields, notification.sourceIp);
      if (!check.ok) return check;
      return {
        ok: true,
        event: 'paid',
        paymentId: check.orderId,
        providerPaymentId: check.providerId,
        amountKopecks: check.amountKopecks,
      };
    },

    async readPayment(ref) {
      const status = await health.track(() => client.orderStatus(ref.paymentId));
      return {
        status: STATUS[status],
        paymentId: ref.paymentId,
        providerPaymentId: ref.providerPaymentId,
        amountKopecks: null,
      };
    },

    async listReversals(since) {
      const ids = await health.track(() => client.refundedOrderIds(since));
      return ids.map((paymentId) => ({
        paymentId,
        providerPaymentId: null,
        kind: 'refund_or_chargeback' as const,
        amountKopecks: null,
      }));
    },
  };
}
