import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FreekassaOrderStatus, FreekassaSettings } from './freekassa-client';
import { SBP_METHOD_ID } from '@shop/shared';
import { renderErrorPage, renderNotifyFailedPage, renderPayPage } from './fake-freekassa-pages';
import {
  CARD_METHOD_ID,
  STATUS_CODE,
  createFakeState,
  type FakeNotifyResult,
  type FakeOrder,
} from './fake-freekassa-state';
import { registerFakeFreekassaApi } from './fake-freekassa-api';
import { parseAmount, paymentLinkSign, safeEqualHex } from './freekassa-signatures';

export type { FakeNotifyResult, FakeOrder } from './fake-freekassa-state';

/**
 * A stand-in for FreeKassa that speaks its real protocol: the payment form behind a signed link, the
 * signed form notification to the shop (repeated until the shop says YES), and the HMAC-signed JSON
 * API with rising nonces. Demo mode mounts it inside the shop (which registers @fastify/formbody);
 * tests mount it on their own loopback server. The shop's FreeKassa code talks to it over HTTP exactly
 * as it talks to FreeKassa: no shortcut around a signature.
 */
export interface FakeFreekassaOptions {
  /** Where its routes live: `{prefix}/pay` (payment page) and `{prefix}/api/v1/...` (API). */
  prefix: string;
  settings: Pick<FreekassaSettings, 'shopId' | 'secret1' | 'secret2' | 'apiKey'>;
  /** The shop's notification endpoint (absolute URL). */
  notifyUrl: () => string;
  /** Absolute URLs the browser returns to; `orderId` and `status` are added to the query. */
  successUrl: () => string;
  failUrl: () => string;
  /** The public origin the fake is reachable at, for the `location` of API-created orders. */
  publicUrl: () => string;
}

export interface FakeFreekassa {
  orders(): FakeOrder[];
  /** (Re)sends the newest order's notification; overrides replace fields after signing (forgeries). */
  notify(orderId: string, overrides?: Record<string, string>): Promise<FakeNotifyResult>;
  /** The genuine notification fields, for tests that post them themselves. */
  notificationFields(orderId: string, overrides?: Record<string, string>): Record<string, string>;
  setStatus(orderId: string, status: Exclude<FreekassaOrderStatus, 'unknown'>): void;
  /** A paid order refunded or charged back: reported as status 6, as FreeKassa's API does. */
  refund(orderId: string): void;
}

type Fields = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** What a payment page or button press refers to: an API order, or a signed payment link. */
type Payment =
  | { kind: 'api'; order: FakeOrder; hidden: Record<string, string> }
  | {
      kind: 'link';
      orderId: string;
      amount: string;
      amountKopecks: number;
      currency: string;
      email: string;
      hidden: Record<string, string>;
    };
type Refusal = { status: number; title: string; message: string };

export function registerFakeFreekassa(
  app: FastifyInstance,
  options: FakeFreekassaOptions,
): FakeFreekassa {
  const { settings } = options;
  const payPath = `${options.prefix}/pay`;
  const state = createFakeState(settings, options.notifyUrl);
  registerFakeFreekassaApi(app, {
    prefix: `${options.prefix}/api`,
    settings,
    state,
    payUrl: () => `${options.publicUrl()}${payPath}`,
  });

  /** Checks a payment link (or the same fields posted back) exactly as FreeKassa checks `s`. */
  function resolve(fields: Fields): Payment | Refusal {
    if (fields.order !== undefined) {
      const order = state.byFkId(Number(text(fields.order)));
      if (!order || !safeEqualHex(text(fields.hash), order.hash)) {
        return { status: 404, title: 'Заказ не найден', message: 'Проверьте ссылку на оплату.' };
      }
      return { kind: 'api', order, hidden: { order: String(order.fkOrderId), hash: order.hash } };
    }
    const [m, oa, currency, o, s] = ['m', 'oa', 'currency', 'o', 's'].map((key) => fields[key]);
    if (![m, oa, currency, o, s].every((value) => typeof value === 'string' && value !== '')) {
      return { status: 400, title: 'Неверная ссылка', message: 'В ссылке на оплату нет данных.' };
    }
    const link = { m: text(m), oa: text(oa), currency: text(currency), o: text(o), s: text(s) };
    if (link.m !== settings.shopId) {
      return { status: 400, title: 'Магазин не найден', message: 'Неизвестный магазин.' };
    }
    const expected = paymentLinkSign({
      shopId: link.m,
      amount: link.oa,
      secret1: settings.secret1,
      currency: link.currency,
      orderId: link.o,
    });
    if (!safeEqualHex(link.s, expected)) {
      return {
        status: 400,
        title: 'Неверная подпись',
        message:
          'Ссылка на оплату повреждена или подделана. Вернитесь в магазин и начните оплату заново.',
      };
    }
    const amountKopecks = parseAmount(link.oa);
    if (amountKopecks === null) {
      return { status: 400, title: 'Неверная сумма', message: 'Сумма платежа указана неверно.' };
    }
    const email = text(fields.em);
    return {
      kind: 'link',
      orderId: link.o,
      amount: link.oa,
      amountKopecks,
      currency: link.currency,
      email,
      hidden: { ...link, em: email },
    };
  }

  /** The order a button press acts on; a link's order is created on first use, as FreeKassa does. */
  function orderFor(payment: Payment): FakeOrder {
    if (payment.kind === 'api') return payment.order;
    const existing = state.latest(payment.orderId);
    const reusable =
      existing?.amount === payment.amount &&
      (existing.status === STATUS_CODE.new || existing.status === STATUS_CODE.paid);
    if (existing && reusable) return existing;
    return state.add({
      orderId: payment.orderId,
      amount: payment.amount,
      amountKopecks: payment.amountKopecks,
      currency: payment.currency,
      email: payment.email,
      methodId: CARD_METHOD_ID,
    });
  }

  function returnTo(reply: FastifyReply, base: string, orderId: string, status: string) {
    const target = new URL(base);
    target.searchParams.set('orderId', orderId);
    target.searchParams.set('status', status);
    return reply.redirect(target.toString(), 303);
  }

  const page = (reply: FastifyReply, status: number, html: string) =>
    reply.status(status).type('text/html; charset=utf-8').send(html);

  app.get(payPath, async (request, reply) => {
    const payment = resolve((request.query ?? {}) as Fields);
    if ('status' in payment)
      return page(reply, payment.status, renderErrorPage(payment.title, payment.message));
    const order = payment.kind === 'api' ? payment.order : undefined;
    if (order && order.status !== STATUS_CODE.new) {
      return page(
        reply,
        409,
        renderErrorPage('Заказ закрыт', 'Этот заказ уже оплачен или отменён.'),
      );
    }
    return page(
      reply,
      200,
      renderPayPage({
        action: payPath,
        amountKopecks:
          order?.amountKopecks ?? (payment.kind === 'link' ? payment.amountKopecks : 0),
        orderId: order?.orderId ?? (payment.kind === 'link' ? payment.orderId : ''),
        methodName: order?.methodId === SBP_METHOD_ID ? 'СБП' : 'Банковская карта',
        hidden: payment.hidden,
      }),
    );
  });

  app.post(payPath, async (request, reply) => {
    const body = (request.body ?? {}) as Fields;
    const payment = resolve(body);
    if ('status' in payment)
      return page(reply, payment.status, renderErrorPage(payment.title, payment.message));
    const order = orderFor(payment);

    if (body.action === 'cancel') {
      if (order.status === STATUS_CODE.paid) {
        return page(
          reply,
          409,
          renderErrorPage('Заказ уже оплачен', 'Оплаченный заказ нельзя отменить.'),
        );
      }
      order.status = STATUS_CODE.cancelled;
      return returnTo(reply, options.failUrl(), order.orderId, 'cancelled');
    }
    if (body.action !== 'pay' || order.status === STATUS_CODE.cancelled) {
      return page(
        reply,
        400,
        renderErrorPage('Платёж невозможен', 'Заказ отменён или запрос неверен.'),
      );
    }
    // The money is taken first; the shop learns of it from the notification, as with FreeKassa.
    order.status = STATUS_CODE.paid;
    const result = await state.send(order);
    if (!result.accepted) return page(reply, 502, renderNotifyFailedPage(payPath, payment.hidden));
    return returnTo(reply, options.successUrl(), order.orderId, 'success');
  });

  return {
    orders: state.all,
    notify: state.notify,
    notificationFields: state.notificationFields,
    setStatus: state.setStatus,
    refund: state.refund,
  };
}
