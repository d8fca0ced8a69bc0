import type { Kopecks } from '@shop/shared';
import { kopecksToDecimal } from '../payments/decimal-amount';
import type { CpInvoice, CpReply } from './cryptopay-types';

/**
 * The Crypto Pay API of @CryptoBot (https://help.send.tg/en/articles/10279948-crypto-pay-api):
 * `{API}/{method}` over HTTPS with the app's token in the `Crypto-Pay-API-Token` header; every reply
 * is `{ok, result}` or `{ok: false, error: {code, name}}`. Reads are retried on 429 and 5xx;
 * createInvoice has no idempotence key at Crypto Pay, so it is retried only when the request
 * surely did nothing (429), never after a timeout or 5xx whose outcome is unknown.
 */
export interface CryptopaySettings {
  token: string;
  /** https://pay.crypt.bot/api (no trailing slash). */
  apiUrl: string;
  /** The assets a player may pay in: USDT, TON, BTC… */
  assets: readonly string[];
}

export interface CryptopayDeps {
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  attempts?: number;
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export type CryptopayFailure =
  | 'timeout'
  | 'unreachable'
  | 'bad_reply'
  | 'unauthorized'
  | 'rate_limited'
  | 'server_error'
  | 'api_error';

export class CryptopayError extends Error {
  constructor(
    readonly reason: CryptopayFailure,
    readonly status: number | null,
    /** Crypto Pay's error name (`INVOICE_NOT_FOUND`…), when it sent one. */
    readonly errorName: string | null = null,
  ) {
    super(`Crypto Pay request failed: ${reason}${errorName ? ` (${errorName})` : ''}`);
    this.name = 'CryptopayError';
  }
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createCryptopayClient(settings: CryptopaySettings, deps: CryptopayDeps = {}) {
  const base = settings.apiUrl.replace(/\/+$/, '');
  const fetchImpl = deps.fetchImpl ?? fetch;
  const attempts = deps.attempts ?? 3;
  const sleep = deps.sleep ?? sleepFor;

  async function once<T>(method: string, params: Record<string, unknown>): Promise<T> {
    let status: number;
    let text: string;
    try {
      const response = await fetchImpl(`${base}/${method}`, {
        method: 'POST',
        headers: {
          'crypto-pay-api-token': settings.token,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(params),
        redirect: 'error',
        signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new CryptopayError(timedOut ? 'timeout' : 'unreachable', null);
    }
    let reply: CpReply<T> | null = null;
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null) reply = parsed as CpReply<T>;
    } catch {
      // A proxy's HTML error page: judged by the status below.
    }
    const name = typeof reply?.error?.name === 'string' ? reply.error.name : null;
    if (status === 401 || status === 403) throw new CryptopayError('unauthorized', status, name);
    if (status === 429) throw new CryptopayError('rate_limited', status, name);
    if (status >= 500) throw new CryptopayError('server_error', status, name);
    if (!reply) throw new CryptopayError('bad_reply', status);
    if (reply.ok !== true || status < 200 || status >= 300) {
      throw new CryptopayError('api_error', status, name);
    }
    if (reply.result === undefined) throw new CryptopayError('bad_reply', status);
    return reply.result;
  }

  async function call<T>(
    method: string,
    params: Record<string, unknown>,
    retryOn: ReadonlyArray<CryptopayFailure>,
  ): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await once<T>(method, params);
      } catch (error) {
        const retry = error instanceof CryptopayError && retryOn.includes(error.reason);
        if (!retry || attempt >= attempts) throw error;
        await sleep(Math.min(250 * 2 ** attempt, deps.maxDelayMs ?? 3_000));
      }
    }
  }

  /** An invoice for an amount in roubles, payable in the allowed assets; `payload` is ours. */
  function createInvoice(input: {
    amountKopecks: Kopecks;
    description: string;
    payload: string;
    returnUrl: string;
    expiresInSeconds: number;
  }): Promise<CpInvoice> {
    return call<CpInvoice>(
      'createInvoice',
      {
        currency_type: 'fiat',
        fiat: 'RUB',
        amount: kopecksToDecimal(input.amountKopecks),
        accepted_assets: settings.assets.join(','),
        description: input.description.slice(0, 1024),
        payload: input.payload,
        paid_btn_name: 'callback',
        paid_btn_url: input.returnUrl,
        allow_comments: false,
        expires_in: input.expiresInSeconds,
      },
      ['rate_limited'],
    );
  }

  /** `getInvoices` by id: the invoices Crypto Pay knows among them. */
  async function getInvoices(invoiceIds: readonly number[]): Promise<CpInvoice[]> {
    const result = await call<{ items?: unknown }>(
      'getInvoices',
      { invoice_ids: invoiceIds.join(','), count: Math.min(1000, Math.max(1, invoiceIds.length)) },
      ['rate_limited', 'server_error', 'timeout', 'unreachable'],
    );
    if (!Array.isArray(result.items)) throw new CryptopayError('bad_reply', 200);
    return result.items as CpInvoice[];
  }

  /** `getMe`: the app's basic information; the cheapest proof the API and the token work. */
  const getMe = () =>
    call<{ app_id?: number; name?: string }>('getMe', {}, ['rate_limited', 'server_error']);

  return { createInvoice, getInvoices, getMe };
}

export type CryptopayClient = ReturnType<typeof createCryptopayClient>;
