import type { Kopecks } from '@shop/shared';
import { kopecksToDecimal } from '../payments/decimal-amount';
import {
  createProviderHttp,
  parseJsonObject,
  type HttpFailure,
  type ProviderHttpDeps,
  type RetryRule,
} from '../payments/provider-http';
import type {
  YkList,
  YkPayment,
  YkPaymentReceipt,
  YkReceipt,
  YkReceiptRequest,
  YkRefund,
  YookassaMethodType,
} from './yookassa-types';

/**
 * YooKassa's API v3 (https://yookassa.ru/developers/using-api/basics): JSON over HTTPS, HTTP Basic
 * auth with the shop id and the secret key, and an `Idempotence-Key` on every POST, so a retry of
 * a request whose reply was lost returns the first result instead of charging twice.
 *
 * Retries (https://yookassa.ru/developers/using-api/response-handling/http-codes): 202 means «still
 * processing, ask again after `retry_after` ms with the same key»; 500 means the result is unknown,
 * and the same key makes asking again safe; 429 asks to slow down. Each is retried a few times with
 * the same key; everything else is one typed YookassaError.
 */
export interface YookassaSettings {
  shopId: string;
  secretKey: string;
  /** https://api.yookassa.ru/v3 (no trailing slash). */
  apiUrl: string;
  /** Addresses and CIDR ranges notifications may come from; empty = any (demo and tests only). */
  allowedIps: readonly string[];
}

export type YookassaDeps = ProviderHttpDeps;

/** 'processing': a 202, YooKassa still working on the request. */
export type YookassaFailure = HttpFailure | 'processing';

export class YookassaError extends Error {
  constructor(
    readonly reason: YookassaFailure,
    readonly status: number | null,
    /** YooKassa's `code` (`invalid_request`, `not_found`…), when it sent one. */
    readonly code: string | null = null,
    detail?: string,
  ) {
    super(`YooKassa request failed: ${reason}${detail ? ` (${detail})` : ''}`);
    this.name = 'YookassaError';
  }
}

/** YooKassa accepts keys of up to 64 characters. */
const MAX_KEY_LENGTH = 64;
/** A payment reply must at least name the payment and its state. */
function checked(payment: YkPayment): YkPayment {
  if (typeof payment.id !== 'string' || typeof payment.status !== 'string') {
    throw new YookassaError('bad_reply', 200, null, 'not a payment');
  }
  return payment;
}

export interface CreateYookassaPayment {
  amountKopecks: Kopecks;
  methodType: YookassaMethodType;
  description: string;
  returnUrl: string;
  /** Kept by YooKassa and sent back in the payment and its notifications. */
  metadata: Record<string, string>;
  /** A 54-ФЗ receipt registered when the payment succeeds (the receipts module builds it). */
  receipt?: YkPaymentReceipt;
}

export function createYookassaClient(settings: YookassaSettings, deps: YookassaDeps = {}) {
  const base = settings.apiUrl.replace(/\/+$/, '');
  const http = createProviderHttp(deps, (reason) => new YookassaError(reason, null));
  const authorization = `Basic ${Buffer.from(`${settings.shopId}:${settings.secretKey}`).toString('base64')}`;

  async function once(method: 'GET' | 'POST', path: string, body?: unknown, key?: string) {
    const headers: Record<string, string> = { authorization, accept: 'application/json' };
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      headers['idempotence-key'] = key!;
    }
    const { status, text } = await http.send(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = parseJsonObject(text);
    const code = typeof data?.code === 'string' ? data.code : null;
    if (status === 202) {
      const retryAfter = Number(data?.retry_after);
      throw Object.assign(new YookassaError('processing', status), {
        retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 1_000,
      });
    }
    if (status === 401) throw new YookassaError('unauthorized', status, code);
    if (status === 429) throw new YookassaError('rate_limited', status, code);
    if (status >= 500) throw new YookassaError('server_error', status, code);
    if (status < 200 || status >= 300) {
      const description = typeof data?.description === 'string' ? data.description : '';
      throw new YookassaError('api_error', status, code, description.slice(0, 200));
    }
    if (!data) throw new YookassaError('bad_reply', status, null, 'not a JSON object');
    return data;
  }

  /**
   * Every failure whose outcome is unknown or that asks to wait is safe to ask again: the same
   * idempotence key makes YooKassa return the first result instead of acting twice.
   */
  const retryRule: RetryRule = {
    retries: (error) =>
      error instanceof YookassaError &&
      ['processing', 'rate_limited', 'server_error', 'timeout', 'unreachable'].includes(
        error.reason,
      ),
    askedDelayMs: (error) => (error as { retryAfterMs?: number }).retryAfterMs,
  };

  /** One request, asked again with the same idempotence key while the answer is «try again». */
  async function call<T extends object>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    key?: string,
  ): Promise<T> {
    if (method === 'POST' && (!key || key.length > MAX_KEY_LENGTH)) {
      throw new RangeError('a POST to YooKassa needs an Idempotence-Key of 1..64 characters');
    }
    const reply: unknown = await http.retrying(() => once(method, path, body, key), retryRule);
    return reply as T;
  }

  /** `POST /payments` with `capture: true` (one stage) and the browser sent back to `returnUrl`. */
  async function createPayment(input: CreateYookassaPayment, idempotenceKey: string) {
    const body: Record<string, unknown> = {
      amount: { value: kopecksToDecimal(input.amountKopecks), currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: input.returnUrl },
      payment_method_data: { type: input.methodType },
      // YooKassa limits the description to 128 characters.
      description: input.description.slice(0, 128),
      metadata: input.metadata,
    };
    if (input.receipt) body.receipt = input.receipt;
    return checked(await call<YkPayment>('POST', '/payments', body, idempotenceKey));
  }

  const getPayment = async (id: string) =>
    checked(await call<YkPayment>('GET', `/payments/${encodeURIComponent(id)}`));

  /** `GET /refunds`, one page: by payment, or every refund created since a moment. */
  async function listRefunds(filter: {
    paymentId?: string;
    createdSince?: Date;
    status?: YkRefund['status'];
    cursor?: string;
  }): Promise<YkList<YkRefund>> {
    const query = new URLSearchParams({ limit: '100' });
    if (filter.paymentId) query.set('payment_id', filter.paymentId);
    if (filter.createdSince) query.set('created_at.gte', filter.createdSince.toISOString());
    if (filter.status) query.set('status', filter.status);
    if (filter.cursor) query.set('cursor', filter.cursor);
    const reply = await call<YkList<YkRefund>>('GET', `/refunds?${query.toString()}`);
    if (!Array.isArray(reply.items)) throw new YookassaError('bad_reply', 200, null, 'no items');
    return reply;
  }

  /** `POST /receipts`: a separate receipt (settlement of an advance, refund receipt). */
  const createReceipt = (receipt: YkReceiptRequest, idempotenceKey: string) =>
    call<YkReceipt>('POST', '/receipts', receipt, idempotenceKey);

  /** `GET /receipts?payment_id=…` or `?refund_id=…`: what YooKassa registered. */
  async function listReceipts(filter: { paymentId?: string; refundId?: string }) {
    const query = new URLSearchParams({ limit: '100' });
    if (filter.paymentId) query.set('payment_id', filter.paymentId);
    if (filter.refundId) query.set('refund_id', filter.refundId);
    return call<YkList<YkReceipt>>('GET', `/receipts?${query.toString()}`);
  }

  return { createPayment, getPayment, listRefunds, createReceipt, listReceipts };
}

export type YookassaClient = ReturnType<typeof createYookassaClient>;
