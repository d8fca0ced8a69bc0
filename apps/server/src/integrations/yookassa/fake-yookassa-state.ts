import { randomUUID } from 'node:crypto';
import { decimalToKopecks, kopecksToDecimal } from '../payments/decimal-amount';
import type { YkPayment, YkPaymentReceipt, YkRefund } from './yookassa-types';

/**
 * The YooKassa stand-in's memory: payments, refunds, and the notifications it sends, kept apart
 * from the HTTP routes so tests can drive it (a payment paid, cancelled or refunded in the
 * dashboard; notifications repeated, late or out of order, as YooKassa's are: it retries for 24
 * hours until it hears 200 — https://yookassa.ru/developers/using-api/webhooks, «Подтверждение»).
 */
export type FakeYkPayment = YkPayment & { receipt?: YkPaymentReceipt };

export interface FakeNotifyResult {
  status: number;
  body: string;
}

export type YkEvent = 'payment.succeeded' | 'payment.canceled' | 'refund.succeeded';

export function createFakeYookassaState(options: {
  notifyUrl: () => string;
  checkoutUrl: (paymentId: string) => string;
}) {
  const payments = new Map<string, FakeYkPayment>();
  const refunds: YkRefund[] = [];

  function create(fields: {
    amount: { value: string; currency: string };
    description?: string;
    metadata?: Record<string, string>;
    methodType: string;
    returnUrl: string;
    receipt?: YkPaymentReceipt;
  }): FakeYkPayment {
    // YooKassa's payment ids are uuid-like strings it makes up itself.
    const id = randomUUID();
    const payment: FakeYkPayment = {
      id,
      status: 'pending',
      paid: false,
      amount: fields.amount,
      description: fields.description,
      confirmation: {
        type: 'redirect',
        confirmation_url: options.checkoutUrl(id),
        return_url: fields.returnUrl,
      },
      created_at: new Date().toISOString(),
      metadata: fields.metadata ?? {},
      payment_method: { type: fields.methodType, id: randomUUID(), saved: false },
      refundable: false,
      test: true,
      ...(fields.receipt ? { receipt: fields.receipt, receipt_registration: 'pending' } : {}),
    };
    payments.set(id, payment);
    return payment;
  }

  function must(id: string): FakeYkPayment {
    const payment = payments.get(id);
    if (!payment) throw new Error(`fake YooKassa has no payment ${id}`);
    return payment;
  }

  /** The payer paid: `succeeded` (one-stage payments, capture: true), refundable from now on. */
  function succeed(id: string): FakeYkPayment {
    const payment = must(id);
    if (payment.status !== 'pending') return payment;
    Object.assign(payment, {
      status: 'succeeded',
      paid: true,
      refundable: true,
      captured_at: new Date().toISOString(),
      income_amount: payment.amount,
      refunded_amount: { value: '0.00', currency: payment.amount.currency },
      ...(payment.receipt ? { receipt_registration: 'succeeded' } : {}),
    });
    return payment;
  }

  /** The payer gave up or the bank refused: `canceled` with YooKassa's reason. */
  function cancel(id: string, reason = 'expired_on_confirmation'): FakeYkPayment {
    const payment = must(id);
    if (payment.status !== 'pending') return payment;
    Object.assign(payment, {
      status: 'canceled',
      cancellation_details: { party: 'yoo_money', reason },
    });
    return payment;
  }

  /** The owner refunds in the dashboard (all of it unless told): a succeeded refund. */
  function refund(id: string, kopecks?: number): YkRefund {
    const payment = must(id);
    const paid = decimalToKopecks(payment.amount.value) ?? 0;
    const already = decimalToKopecks(payment.refunded_amount?.value ?? '') ?? 0;
    const amount = kopecks ?? paid - already;
    if (payment.status !== 'succeeded' || amount <= 0 || already + amount > paid) {
      throw new Error(`fake YooKassa cannot refund ${amount} of payment ${id}`);
    }
    const item: YkRefund = {
      id: randomUUID(),
      payment_id: id,
      status: 'succeeded',
      amount: { value: kopecksToDecimal(amount), currency: 'RUB' },
      created_at: new Date().toISOString(),
    };
    refunds.push(item);
    payment.refunded_amount = { value: kopecksToDecimal(already + amount), currency: 'RUB' };
    payment.refundable = already + amount < paid;
    return item;
  }

  /** The notification body as YooKassa sends it: the object as it is at the event. */
  function notificationBody(event: YkEvent, paymentId: string) {
    const object =
      event === 'refund.succeeded'
        ? refunds.findLast((item) => item.payment_id === paymentId)
        : must(paymentId);
    if (!object) throw new Error(`fake YooKassa has no refund of ${paymentId}`);
    return { type: 'notification', event, object: structuredClone(object) };
  }

  async function post(body: unknown): Promise<FakeNotifyResult> {
    try {
      const response = await fetch(options.notifyUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status, body: await response.text() };
    } catch (error) {
      return { status: 0, body: error instanceof Error ? error.message : 'error' };
    }
  }

  return {
    create,
    succeed,
    cancel,
    refund,
    notificationBody,
    get: (id: string) => payments.get(id),
    all: () => [...payments.values()],
    refunds: () => [...refunds],
    /** Sends one notification of `event` for the payment as it stands now. */
    notify: (event: YkEvent, paymentId: string) => post(notificationBody(event, paymentId)),
    /** Sends any body to the shop's notification URL (a forgery, a stale copy). */
    send: post,
  };
}

export type FakeYookassaState = ReturnType<typeof createFakeYookassaState>;
