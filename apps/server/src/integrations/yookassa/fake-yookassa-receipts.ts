import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decimalToKopecks } from '../payments/decimal-amount';
import type { YkReceipt, YkReceiptRequest } from './yookassa-types';

/**
 * YooKassa's receipts API as a stand-in (tests, demo): `POST /receipts` and `GET /receipts`
 * (https://yookassa.ru/developers/api#create_receipt, #get_receipts_list), mounted by the YooKassa
 * fake under its API prefix. What it holds to, as the real API does:
 * - HTTP Basic auth with the shop id and secret key, else 401 `invalid_credentials`
 *   (https://yookassa.ru/developers/using-api/interaction-format#auth);
 * - an `Idempotence-Key` on every POST; the same key again gets the first reply, the same key with
 *   another body 400 `invalid_request` (https://yookassa.ru/developers/using-api/interaction-format#idempotence);
 * - a receipt names its payment (`payment_id`) or refund, has a customer's e-mail or phone, lines
 *   with positive amounts, and settlements that add up to its lines
 *   (https://yookassa.ru/developers/payment-acceptance/receipts/54fz/yoomoney/settlement-receipt);
 * - failures as YooKassa answers them: 500 `internal_server_error` (result unknown: ask again with
 *   the same key) and 429 `too_many_requests`
 *   (https://yookassa.ru/developers/using-api/response-handling/http-codes).
 */
export interface FakeReceiptsControl {
  /** Every receipt accepted, in order, with the key it came with. */
  readonly receipts: ReadonlyArray<YkReceipt & { request: YkReceiptRequest; key: string }>;
  /** POST /receipts requests that reached the fake (retries included). */
  readonly attempts: number;
  /** The next `count` POST /receipts answer this failure instead. */
  failNext(count: number, failure: '500' | '429'): void;
  /** The status new receipts get (`pending` until `registerAll`, or `succeeded` at once). */
  setNewStatus(status: 'pending' | 'succeeded'): void;
  /** Every pending receipt is registered (the fiscal operator answered). */
  registerAll(): void;
}

export interface FakeReceiptsOptions {
  prefix: string;
  shopId: string;
  secretKey: string;
  /** Whether YooKassa knows this payment (the fake's payments). */
  knowsPayment(id: string): boolean;
}

type Stored = YkReceipt & { request: YkReceiptRequest; key: string };

function refuse(reply: FastifyReply, status: number, code: string, description: string) {
  return reply.code(status).send({ type: 'error', id: randomUUID(), code, description });
}

const kopecksOf = (amount: { value?: unknown; currency?: unknown } | undefined) =>
  amount?.currency === 'RUB' ? decimalToKopecks(amount.value) : null;

/** Why the real API would refuse this body, or null. */
function invalid(body: YkReceiptRequest, knowsPayment: (id: string) => boolean): string | null {
  if (body.type !== 'payment' && body.type !== 'refund') return 'type';
  if (!body.payment_id && !body.refund_id) return 'payment_id';
  if (body.payment_id && !knowsPayment(body.payment_id)) return 'payment_id';
  if (!body.customer?.email && !body.customer?.phone) return 'customer';
  if (body.send !== true) return 'send';
  if (!Array.isArray(body.items) || body.items.length === 0 || body.items.length > 100)
    return 'items';
  let lines = 0;
  for (const item of body.items) {
    const amount = kopecksOf(item.amount);
    const quantity = Number(item.quantity);
    if (!item.description || amount === null || !(quantity > 0)) return 'items.amount';
    if (!Number.isInteger(item.vat_code) || item.vat_code < 1 || item.vat_code > 12) {
      return 'items.vat_code';
    }
    lines += Math.round(amount * quantity);
  }
  if (!Array.isArray(body.settlements) || body.settlements.length === 0) return 'settlements';
  const settled = body.settlements.reduce((sum, item) => sum + (kopecksOf(item.amount) ?? NaN), 0);
  return settled === lines ? null : 'settlements';
}

export function registerFakeYookassaReceipts(
  app: FastifyInstance,
  options: FakeReceiptsOptions,
): FakeReceiptsControl {
  const stored: Stored[] = [];
  const byKey = new Map<string, { body: string; receipt: Stored }>();
  const failures: Array<'500' | '429'> = [];
  let newStatus: 'pending' | 'succeeded' = 'succeeded';
  let attempts = 0;
  const expected = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
  const authorised = (request: FastifyRequest) => request.headers.authorization === expected;
  const visible = ({ request: _request, key: _key, ...receipt }: Stored): YkReceipt => receipt;

  app.post(`${options.prefix}/receipts`, async (request, reply) => {
    attempts += 1;
    if (!authorised(request)) return refuse(reply, 401, 'invalid_credentials', 'Bad credentials');
    const key = request.headers['idempotence-key'];
    if (typeof key !== 'string' || key.length === 0 || key.length > 64) {
      return refuse(reply, 400, 'invalid_request', 'Idempotence-Key header is required');
    }
    const failure = failures.shift();
    if (failure === '429') {
      return refuse(reply, 429, 'too_many_requests', 'Too many requests');
    }
    if (failure === '500') {
      return refuse(reply, 500, 'internal_server_error', 'Internal server error');
    }
    const text = JSON.stringify(request.body);
    const seen = byKey.get(key);
    if (seen) {
      if (seen.body !== text) {
        return refuse(reply, 400, 'invalid_request', 'Idempotence key duplicated');
      }
      return visible(seen.receipt);
    }
    const body = request.body as YkReceiptRequest;
    const wrong = invalid(body, (id) => options.knowsPayment(id));
    if (wrong) {
      return reply.code(400).send({
        type: 'error',
        id: randomUUID(),
        code: 'invalid_request',
        parameter: wrong,
        description: `Invalid ${wrong}`,
      });
    }
    const receipt: Stored = {
      id: `rt-${randomUUID()}`,
      type: body.type,
      ...(body.payment_id ? { payment_id: body.payment_id } : {}),
      ...(body.refund_id ? { refund_id: body.refund_id } : {}),
      status: newStatus,
      items: body.items,
      settlements: body.settlements,
      request: body,
      key,
    };
    stored.push(receipt);
    byKey.set(key, { body: text, receipt });
    return visible(receipt);
  });

  app.get(`${options.prefix}/receipts`, async (request, reply) => {
    if (!authorised(request)) return refuse(reply, 401, 'invalid_credentials', 'Bad credentials');
    const query = request.query as { payment_id?: string; refund_id?: string };
    const items = stored.filter(
      (receipt) =>
        (!query.payment_id || receipt.payment_id === query.payment_id) &&
        (!query.refund_id || receipt.refund_id === query.refund_id),
    );
    return { type: 'list', items: items.map(visible) };
  });

  return {
    get receipts() {
      return stored;
    },
    get attempts() {
      return attempts;
    },
    failNext(count, failure) {
      for (let index = 0; index < count; index += 1) failures.push(failure);
    },
    setNewStatus(status) {
      newStatus = status;
    },
    registerAll() {
      for (const receipt of stored) if (receipt.status === 'pending') receipt.status = 'succeeded';
    },
  };
}
