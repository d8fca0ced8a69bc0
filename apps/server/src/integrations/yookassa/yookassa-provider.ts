import { decimalToKopecks } from '../payments/decimal-amount';
import { createAllowList } from '../payments/ip-allowlist';
import {
  createHealthRecord,
  type CreatePaymentInput,
  type IncomingNotification,
  type NotificationCheck,
  type PaymentMethod,
  type PaymentProvider,
  type PaymentRef,
  type ProviderPaymentState,
  type ProviderReversal,
  nonEmptyText,
  outageUnless,
  unknownPaymentState,
} from '../payments/payment-provider';
import {
  createYookassaClient,
  YookassaError,
  type YookassaClient,
  type YookassaDeps,
  type YookassaSettings,
} from './yookassa-client';
import type { YkPayment, YkPaymentReceipt, YkRefund, YookassaMethodType } from './yookassa-types';

/**
 * YooKassa's published notification addresses (https://yookassa.ru/developers/using-api/webhooks,
 * section «IP-адреса»): the default of YOOKASSA_ALLOWED_IPS.
 */
export const YOOKASSA_NOTIFY_ADDRESSES = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11',
  '77.75.156.35',
  '77.75.154.128/25',
  '2a02:5180::/32',
] as const;

/**
 * The methods, with YooKassa's own limits per payment from each method's page
 * (https://yookassa.ru/developers/payment-methods/…: bank card 1–350 000 ₽, SBP, SberPay and T-Pay
 * 1–700 000 ₽; the YooMoney wallet's ceiling depends on the wallet, 15 000 ₽ for an anonymous one,
 * the safe figure). Fees are the public base tariff, informational only: the contract decides.
 */
const METHODS: ReadonlyArray<{
  id: YookassaMethodType;
  title: string;
  max: number;
  basisPoints: number;
}> = [
  { id: 'bank_card', title: 'Банковская карта', max: 350_000, basisPoints: 350 },
  { id: 'sbp', title: 'СБП', max: 700_000, basisPoints: 40 },
  { id: 'sberbank', title: 'SberPay', max: 700_000, basisPoints: 350 },
  { id: 'tinkoff_bank', title: 'T-Pay', max: 700_000, basisPoints: 380 },
  { id: 'yoo_money', title: 'ЮMoney', max: 15_000, basisPoints: 350 },
];

/** Builds the `receipt` sent with a payment, or none (receipts off, or not for this payment). */
export type ReceiptBuilder = (
  input: CreatePaymentInput,
) => YkPaymentReceipt | null | Promise<YkPaymentReceipt | null>;

export interface YookassaProvider extends PaymentProvider {
  readonly client: YookassaClient;
  /** The receipts module registers how a top-up's receipt is built (YOOKASSA_RECEIPTS). */
  setReceiptBuilder(builder: ReceiptBuilder | null): void;
}

export function createYookassaProvider(
  settings: YookassaSettings,
  deps: YookassaDeps = {},
): YookassaProvider {
  // A 4xx about one request (invalid_request, not_found) is YooKassa answering, not failing.
  const health = createHealthRecord(outageUnless(YookassaError, ['api_error']));
  const client = createYookassaClient(settings, deps);
  const allowed = createAllowList(settings.allowedIps);
  let receiptBuilder: ReceiptBuilder | null = null;

  const methods: PaymentMethod[] = METHODS.map((method) => ({
    provider: 'yookassa',
    id: method.id,
    title: method.title,
    minKopecks: 100,
    maxKopecks: method.max * 100,
    fee: { basisPoints: method.basisPoints, fixedKopecks: 0 },
  }));

  function stateOf(payment: YkPayment): ProviderPaymentState {
    const amount =
      payment.amount?.currency === 'RUB' ? decimalToKopecks(payment.amount.value) : null;
    const refunded =
      payment.refunded_amount?.currency === 'RUB'
        ? decimalToKopecks(payment.refunded_amount.value)
        : null;
    const status: ProviderPaymentState['status'] =
      payment.status === 'succeeded' && payment.paid
        ? amount !== null && refunded !== null && refunded >= amount
          ? 'refunded'
          : 'paid'
        : payment.status === 'canceled'
          ? 'cancelled'
          : payment.status === 'pending' || payment.status === 'waiting_for_capture'
            ? 'pending'
            : 'unknown';
    return {
      status,
      paymentId: nonEmptyText(payment.metadata?.paymentId),
      providerPaymentId: nonEmptyText(payment.id),
      amountKopecks: amount,
    };
  }

  return {
    id: 'yookassa',
    title: 'ЮKassa',
    client,
    notificationReply: { contentType: 'application/json; charset=utf-8', body: '{}' },
    methods: () => methods,
    health: health.snapshot,
    setReceiptBuilder(builder) {
      receiptBuilder = builder;
    },

    async createPayment(input) {
      const method = METHODS.find((candidate) => candidate.id === input.methodId);
      if (!method) throw new RangeError(`YooKassa has no method ${input.methodId}`);
      const receipt = receiptBuilder ? await receiptBuilder(input) : null;
      const payment = await health.track(() =>
        client.createPayment(
          {
            amountKopecks: input.amountKopecks,
            methodType: method.id,
            description: input.description,
            returnUrl: input.returnUrl,
            metadata: { paymentId: input.paymentId },
            ...(receipt ? { receipt } : {}),
          },
          // Our payment id is the key: a retry of this creation returns the same payment.
          input.paymentId,
        ),
      );
      const url = payment.confirmation?.confirmation_url;
      if (!url || !/^https?:\/\//.test(url)) throw new Error('YooKassa sent no confirmation_url');
      return { redirectUrl: url, providerPaymentId: payment.id };
    },

    /**
     * Only the sender's address can be checked: YooKassa does not sign notifications. Whatever the
     * body says is then re-read from the API (GET /payments/{id}) before anything is credited.
     */
    verifyNotification(notification: IncomingNotification): NotificationCheck {
      if (!allowed(notification.sourceIp)) return { ok: false, reason: 'forbidden_address' };
      const body = notification.body as Record<string, unknown> | null;
      if (typeof body !== 'object' || body === null || body.type !== 'notification') {
        return { ok: false, reason: 'malformed' };
      }
      const object = body.object as Record<string, unknown> | null;
      if (typeof object !== 'object' || object === null) return { ok: false, reason: 'malformed' };
      const metadata = (object.metadata ?? {}) as Record<string, unknown>;
      switch (body.event) {
        case 'payment.succeeded':
        case 'payment.canceled': {
          const id = nonEmptyText(object.id);
          if (!id) return { ok: false, reason: 'malformed' };
          return {
            ok: true,
            event: body.event === 'payment.succeeded' ? 'paid' : 'cancelled',
            paymentId: nonEmptyText(metadata.paymentId),
            providerPaymentId: id,
            amountKopecks: null,
          };
        }
        case 'refund.succeeded': {
          const paymentId = nonEmptyText(object.payment_id);
          if (!paymentId) return { ok: false, reason: 'malformed' };
          return {
            ok: true,
            event: 'refunded',
            paymentId: null,
            providerPaymentId: paymentId,
            amountKopecks: null,
          };
        }
        default:
          return { ok: false, reason: 'unsupported_event' };
      }
    },

    async readPayment(ref: PaymentRef) {
      if (!ref.providerPaymentId) {
        // Never created at YooKassa (its creation failed): there is nothing to ask about.
        return unknownPaymentState(ref.paymentId, null);
      }
      return stateOf(await health.track(() => client.getPayment(ref.providerPaymentId!)));
    },

    /**
     * Refunds that succeeded for payments since `since`, summed per payment; a payment whose
     * refunds give back its whole amount is reported (YooKassa reports no chargebacks in its API:
     * the owner records those by hand). Pages follow `next_cursor`, at most 50 of them.
     */
    async listReversals(since: Date): Promise<ProviderReversal[]> {
      const refunds: YkRefund[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 50; page += 1) {
        const reply = await health.track(() =>
          client.listRefunds({ createdSince: since, status: 'succeeded', cursor }),
        );
        refunds.push(...reply.items);
        cursor = reply.next_cursor;
        if (!cursor) break;
      }
      const byPayment = new Map<string, number>();
      for (const refund of refunds) {
        const amount =
          refund.amount?.currency === 'RUB' ? decimalToKopecks(refund.amount.value) : null;
        if (refund.status !== 'succeeded' || amount === null || !nonEmptyText(refund.payment_id)) {
          continue;
        }
        byPayment.set(refund.payment_id, (byPayment.get(refund.payment_id) ?? 0) + amount);
      }
      return [...byPayment].map(([providerPaymentId, amountKopecks]) => ({
        paymentId: null,
        providerPaymentId,
        kind: 'refund',
        amountKopecks,
      }));
    },
  };
}
