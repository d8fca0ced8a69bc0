import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decimalToKopecks } from '../payments/decimal-amount';
import { createFakeYookassaState, type FakeYookassaState } from './fake-yookassa-state';
import { registerFakeYookassaReceipts, type FakeReceiptsControl } from './fake-yookassa-receipts';
import { YOOKASSA_METHOD_TYPES, type YkPaymentReceipt } from './yookassa-types';

/**
 * A stand-in for YooKassa's API v3 that speaks its protocol over HTTP, as the shop meets it:
 * - HTTP Basic auth with the shop id and the secret key, else 401 `invalid_credentials`
 *   (https://yookassa.ru/developers/using-api/basics, «Аутентификация»);
 * - an `Idempotence-Key` on every POST: the same key and body get the first reply again, the same
 *   key with another body 400 `invalid_request` (…/basics, «Идемпотентность»);
 * - `POST /payments`, `GET /payments/{id}`, `GET /refunds` (cursor pages), and the receipts API
 *   (fake-yookassa-receipts.ts);
 * - failures as YooKassa answers them (…/using-api/response-handling/http-codes): 202 «processing»
 *   with `retry_after`, 429 `too_many_requests`, 500 `internal_server_error`.
 * Notifications (fake-yookassa-state.ts) go out as JSON, repeatable and in any order.
 */
export interface FakeYookassaOptions {
  /** The API lives at `{prefix}/v3`, the checkout page at `{prefix}/checkout/{id}`. */
  prefix: string;
  shopId: string;
  secretKey: string;
  notifyUrl: () => string;
  /** The public origin the checkout page is reachable at. */
  publicUrl: () => string;
}

export type FakeFailure = '202' | '429' | '500';

export interface FakeYookassa extends FakeYookassaState {
  receipts: FakeReceiptsControl;
  /** The next `count` API requests answer this failure instead (GET and POST alike). */
  failNext(count: number, failure: FakeFailure): void;
  /** API requests that reached the fake, and the POST /payments bodies it accepted. */
  readonly requests: number;
  readonly created: number;
}

const PAGE = 2;

function refuse(reply: FastifyReply, status: number, code: string, description: string) {
  return reply.code(status).send({ type: 'error', id: randomUUID(), code, description });
}

/** Why YooKassa would refuse this payment body, or null. */
function invalidPayment(body: Record<string, unknown>): string | null {
  const amount = body.amount as { value?: unknown; currency?: unknown } | undefined;
  if (amount?.currency !== 'RUB' || decimalToKopecks(amount.value) === null) return 'amount';
  const confirmation = body.confirmation as { type?: unknown; return_url?: unknown } | undefined;
  if (confirmation?.type !== 'redirect' || typeof confirmation.return_url !== 'string') {
    return 'confirmation';
  }
  const method = (body.payment_method_data as { type?: unknown } | undefined)?.type;
  if (method !== undefined && !(YOOKASSA_METHOD_TYPES as readonly unknown[]).includes(method)) {
    return 'payment_method_data.type';
  }
  if (typeof body.description === 'string' && body.description.length > 128) return 'description';
  const receipt = body.receipt as YkPaymentReceipt | undefined;
  if (
    receipt &&
    (!Array.isArray(receipt.items) || !(receipt.customer?.email || receipt.customer?.phone))
  ) {
    return 'receipt';
  }
  return null;
}

export function registerFakeYookassa(
  app: FastifyInstance,
  options: FakeYookassaOptions,
): FakeYookassa {
  const api = `${options.prefix}/v3`;
  const state = createFakeYookassaState({
    notifyUrl: options.notifyUrl,
    checkoutUrl: (id) => `${options.publicUrl()}${options.prefix}/checkout/${id}`,
  });
  const receipts = registerFakeYookassaReceipts(app, {
    prefix: api,
    shopId: options.shopId,
    secretKey: options.secretKey,
    knowsPayment: (id) => state.get(id) !== undefined,
  });
  const expected = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
  const failures: FakeFailure[] = [];
  const byKey = new Map<string, { body: string; paymentId: string }>();
  let requests = 0;
  let created = 0;

  /** Auth and injected failures, as every API route meets them; true when it replied. */
  function gate(request: FastifyRequest, reply: FastifyReply): boolean {
    requests += 1;
    if (request.headers.authorization !== expected) {
      void refuse(reply, 401, 'invalid_credentials', 'Authentication by given credentials failed');
      return true;
    }
    const failure = failures.shift();
    if (failure === '202') {
      void reply
        .code(202)
        .send({ type: 'processing', description: 'Request accepted', retry_after: 20 });
    } else if (failure === '429') {
      void refuse(reply, 429, 'too_many_requests', 'Too many requests');
    } else if (failure === '500') {
      void refuse(reply, 500, 'internal_server_error', 'Internal server error');
    }
    return failure !== undefined;
  }

  app.post(`${api}/payments`, async (request, reply) => {
    if (gate(request, reply)) return reply;
    const key = request.headers['idempotence-key'];
    if (typeof key !== 'string' || key.length === 0 || key.length > 64) {
      return refuse(reply, 400, 'invalid_request', 'Idempotence-Key header is missing or too long');
    }
    const text = JSON.stringify(request.body);
    const seen = byKey.get(key);
    if (seen) {
      if (seen.body !== text)
        return refuse(reply, 400, 'invalid_request', 'Idempotence key duplicated');
      return state.get(seen.paymentId);
    }
    const body = (request.body ?? {}) as Record<string, unknown>;
    const wrong = invalidPayment(body);
    if (wrong) {
      return reply.code(400).send({
        type: 'error',
        id: randomUUID(),
        code: 'invalid_request',
        parameter: wrong,
        description: `Invalid ${wrong}`,
      });
    }
    const payment = state.create({
      amount: body.amount as { value: string; currency: string },
      description: typeof body.description === 'string' ? body.description : undefined,
      metadata: (body.metadata ?? {}) as Record<string, string>,
      methodType: (body.payment_method_data as { type?: string } | undefined)?.type ?? 'bank_card',
      returnUrl: (body.confirmation as { return_url: string }).return_url,
      receipt: body.receipt as YkPaymentReceipt | undefined,
    });
    created += 1;
    byKey.set(key, { body: text, paymentId: payment.id });
    return payment;
  });

  app.get(`${api}/payments/:id`, async (request, reply) => {
    if (gate(request, reply)) return reply;
    const payment = state.get((request.params as { id: string }).id);
    if (!payment) return refuse(reply, 404, 'not_found', 'Payment not found');
    return payment;
  });

  app.get(`${api}/refunds`, async (request, reply) => {
    if (gate(request, reply)) return reply;
    const query = request.query as Record<string, string | undefined>;
    const since = query['created_at.gte'];
    const items = state
      .refunds()
      .filter(
        (item) =>
          (!query.payment_id || item.payment_id === query.payment_id) &&
          (!query.status || item.status === query.status) &&
          (!since || item.created_at >= since),
      );
    // Small pages, so the shop's cursor paging is exercised.
    const start = Number(query.cursor ?? 0) || 0;
    const page = items.slice(start, start + PAGE);
    return {
      type: 'list',
      items: page,
      ...(start + PAGE < items.length ? { next_cursor: String(start + PAGE) } : {}),
    };
  });

  return {
    ...state,
    receipts,
    failNext(count: number, failure: FakeFailure) {
      for (let index = 0; index < count; index += 1) failures.push(failure);
    },
    get requests() {
      return requests;
    },
    get created() {
      return created;
    },
  };
}
