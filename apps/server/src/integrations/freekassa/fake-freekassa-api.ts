import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FreekassaSettings } from './freekassa-client';
import type { FakeOrder, FakeState } from './fake-freekassa-state';
import { apiSignature, parseAmount, safeEqualHex } from './freekassa-signatures';

/**
 * The stand-in's JSON API: `POST /v1/orders/create` and `POST /v1/orders`, each authenticated the way
 * FreeKassa does it — the shop id, an HMAC-SHA256 signature over the other values, and a nonce that
 * must rise with every request (a replayed or older request is refused). Like the real API, creating
 * an order is not idempotent: the same paymentId twice makes two orders.
 */
type Body = Record<string, unknown>;

const fail = (reply: FastifyReply, message: string, status = 400) =>
  reply.status(status).send({ type: 'error', message });

/** `2026-05-01 13:45:00`, the API's date format. */
const apiDate = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
/** Orders per page of `POST /v1/orders`: small, so the shop's paging is exercised. */
const PAGE_SIZE = 50;
/** A date filter as sent (undefined: none; null: not the API's format). Compared as text. */
const dateOf = (value: unknown): string | undefined | null =>
  value === undefined
    ? undefined
    : typeof value === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)
      ? value
      : null;

export function registerFakeFreekassaApi(
  app: FastifyInstance,
  options: {
    prefix: string;
    settings: Pick<FreekassaSettings, 'shopId' | 'apiKey'>;
    state: FakeState;
    payUrl: () => string;
  },
): void {
  const { settings, state } = options;
  let lastNonce = 0;

  /** Returns the body when the request is genuinely from the shop and fresh; otherwise replies. */
  function authenticate(body: unknown, reply: FastifyReply): Body | null {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      fail(reply, 'Bad request');
      return null;
    }
    const fields = body as Body;
    if (String(fields.shopId) !== settings.shopId) {
      fail(reply, 'Shop not found', 401);
      return null;
    }
    const signature = typeof fields.signature === 'string' ? fields.signature : '';
    if (!safeEqualHex(signature, apiSignature(settings.apiKey, fields))) {
      fail(reply, 'Wrong signature', 401);
      return null;
    }
    const nonce = fields.nonce;
    if (typeof nonce !== 'number' || !Number.isSafeInteger(nonce) || nonce <= lastNonce) {
      fail(reply, 'Wrong nonce: must be greater than the previous one');
      return null;
    }
    lastNonce = nonce;
    return fields;
  }

  const describe = (order: FakeOrder) => ({
    merchant_order_id: order.orderId,
    fk_order_id: order.fkOrderId,
    amount: Number(order.amount),
    currency: order.currency,
    email: order.email,
    account: '',
    date: apiDate(order.createdAt),
    status: order.status,
  });

  app.post(`${options.prefix}/v1/orders/create`, async (request, reply) => {
    const body = authenticate(request.body, reply);
    if (!body) return reply;
    const { i, email, ip, amount, currency, paymentId } = body;
    const amountText = typeof amount === 'number' ? String(amount) : '';
    const amountKopecks = parseAmount(amountText);
    if (
      typeof i !== 'number' ||
      !Number.isInteger(i) ||
      typeof email !== 'string' ||
      !email ||
      typeof ip !== 'string' ||
      !ip ||
      typeof currency !== 'string' ||
      !currency ||
      amountKopecks === null ||
      (paymentId !== undefined && typeof paymentId !== 'string')
    ) {
      return fail(reply, 'Invalid parameters');
    }
    const order = state.add({
      orderId: paymentId ?? '',
      amount: amountText,
      amountKopecks,
      currency,
      email,
      methodId: i,
    });
    const location = new URL(options.payUrl());
    location.searchParams.set('order', String(order.fkOrderId));
    location.searchParams.set('hash', order.hash);
    return reply.send({
      type: 'success',
      orderId: order.fkOrderId,
      orderHash: order.hash,
      location: location.toString(),
    });
  });

  app.post(`${options.prefix}/v1/orders`, async (request, reply) => {
    const body = authenticate(request.body, reply);
    if (!body) return reply;
    const from = dateOf(body.dateFrom);
    const to = dateOf(body.dateTo);
    const page = body.page === undefined ? 1 : Number(body.page);
    if (from === null || to === null || !Number.isInteger(page) || page < 1) {
      return fail(reply, 'Invalid parameters');
    }
    const orders = state
      .all()
      .filter(
        (order) =>
          (body.paymentId === undefined || order.orderId === body.paymentId) &&
          (body.orderId === undefined || order.fkOrderId === body.orderId) &&
          (body.orderStatus === undefined || order.status === body.orderStatus) &&
          (from === undefined || apiDate(order.createdAt) >= from) &&
          (to === undefined || apiDate(order.createdAt) <= to),
      )
      .reverse();
    const pages = Math.max(1, Math.ceil(orders.length / PAGE_SIZE));
    const shown = orders.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    return reply.send({ type: 'success', pages, orders: shown.map(describe) });
  });
}
