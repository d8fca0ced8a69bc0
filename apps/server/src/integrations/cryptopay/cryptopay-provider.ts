import { decimalToKopecks } from '../payments/decimal-amount';
import {
  createHealthRecord,
  type IncomingNotification,
  type NotificationCheck,
  type PaymentMethod,
  type PaymentProvider,
  type PaymentRef,
  type ProviderPaymentState,
  nonEmptyText,
  outageUnless,
  unknownPaymentState,
} from '../payments/payment-provider';
import {
  CryptopayError,
  createCryptopayClient,
  type CryptopayDeps,
  type CryptopaySettings,
} from './cryptopay-client';
import { isGenuineSignature } from './cryptopay-signature';
import type { CpInvoice } from './cryptopay-types';

/** The one method: the player picks the asset (USDT, TON, BTC…) on Crypto Bot's page. */
export const CRYPTO_METHOD_ID = 'crypto';
/** An invoice left unpaid this long expires at Crypto Pay, and the shop shows it cancelled. */
export const INVOICE_TTL_SECONDS = 60 * 60;
/** Invoices this process created, so a repeated creation hands back the same one. */
const REMEMBERED = 1000;

/**
 * Crypto Pay as a provider: a fiat invoice in roubles, a webhook signed with the token, and every
 * webhook re-read with getInvoices before a credit. Crypto Pay has no refunds or chargebacks (a
 * paid invoice is final: the owner can only send coins back by hand), so it reports no reversals.
 */
export function createCryptopayProvider(
  settings: CryptopaySettings,
  deps: CryptopayDeps = {},
): PaymentProvider {
  // An error Crypto Pay names about one request (`{ok: false}` with a 400) is it answering.
  const health = createHealthRecord(outageUnless(CryptopayError, ['api_error']));
  const client = createCryptopayClient(settings, deps);
  const created = new Map<string, { invoiceId: number; url: string }>();
  const methods: PaymentMethod[] = [
    {
      provider: 'cryptopay',
      id: CRYPTO_METHOD_ID,
      title: `Криптовалюта (${settings.assets.join(', ')})`,
      // Crypto Pay publishes no limits for fiat invoices; the shop's own limits apply.
      minKopecks: 100,
      maxKopecks: 100_000_000,
      // Crypto Pay's published fee on paid invoices (informational: see the app's settings).
      fee: { basisPoints: 300, fixedKopecks: 0 },
    },
  ];

  function stateOf(invoice: CpInvoice): ProviderPaymentState {
    const roubles = invoice.currency_type === 'fiat' && invoice.fiat === 'RUB';
    return {
      status:
        invoice.status === 'paid'
          ? 'paid'
          : invoice.status === 'expired'
            ? 'cancelled'
            : invoice.status === 'active'
              ? 'pending'
              : 'unknown',
      paymentId: nonEmptyText(invoice.payload),
      providerPaymentId: String(invoice.invoice_id),
      amountKopecks: roubles ? decimalToKopecks(invoice.amount) : null,
    };
  }

  return {
    id: 'cryptopay',
    title: 'Crypto Pay',
    // Crypto Pay counts any 200 as delivered.
    notificationReply: { contentType: 'application/json; charset=utf-8', body: '{"ok":true}' },
    methods: () => methods,
    health: health.snapshot,

    async createPayment(input) {
      if (input.methodId !== CRYPTO_METHOD_ID) {
        throw new RangeError(`Crypto Pay has no method ${input.methodId}`);
      }
      const known = created.get(input.paymentId);
      if (known) return { redirectUrl: known.url, providerPaymentId: String(known.invoiceId) };
      const invoice = await health.track(() =>
        client.createInvoice({
          amountKopecks: input.amountKopecks,
          description: input.description,
          payload: input.paymentId,
          returnUrl: input.returnUrl,
          expiresInSeconds: INVOICE_TTL_SECONDS,
        }),
      );
      // The web version works in any browser; the bot link needs Telegram.
      const url = invoice.web_app_invoice_url ?? invoice.bot_invoice_url ?? invoice.pay_url;
      if (!url || !/^https?:\/\//.test(url)) throw new Error('Crypto Pay sent no invoice URL');
      if (created.size >= REMEMBERED) created.delete(created.keys().next().value!);
      created.set(input.paymentId, { invoiceId: invoice.invoice_id, url });
      return { redirectUrl: url, providerPaymentId: String(invoice.invoice_id) };
    },

    verifyNotification(notification: IncomingNotification): NotificationCheck {
      const signature = notification.headers['crypto-pay-api-signature'];
      if (!isGenuineSignature(settings.token, notification.rawBody, signature)) {
        return { ok: false, reason: 'bad_signature' };
      }
      const body = notification.body as Record<string, unknown> | null;
      if (typeof body !== 'object' || body === null) return { ok: false, reason: 'malformed' };
      if (body.update_type !== 'invoice_paid') return { ok: false, reason: 'unsupported_event' };
      const invoice = body.payload as Record<string, unknown> | null;
      const invoiceId = invoice?.invoice_id;
      if (typeof invoiceId !== 'number' || !Number.isSafeInteger(invoiceId) || invoiceId <= 0) {
        return { ok: false, reason: 'malformed' };
      }
      return {
        ok: true,
        event: 'paid',
        paymentId: nonEmptyText(invoice?.payload),
        providerPaymentId: String(invoiceId),
        amountKopecks: null,
      };
    },

    async readPayment(ref: PaymentRef): Promise<ProviderPaymentState> {
      const id = Number(ref.providerPaymentId);
      if (!ref.providerPaymentId || !Number.isSafeInteger(id) || id <= 0) {
        return unknownPaymentState(ref.paymentId, null);
      }
      const [invoice] = (await health.track(() => client.getInvoices([id]))).filter(
        (item) => item.invoice_id === id,
      );
      return invoice ? stateOf(invoice) : unknownPaymentState(ref.paymentId, String(id));
    },

    /**
     * None: Crypto Pay has no refunds or chargebacks. The job's visit still asks `getMe`, so the
     * admin's health view stays current when no payment is being made.
     */
    async listReversals() {
      await health.track(() => client.getMe());
      return [];
    },
  };
}
