import type { Kopecks } from '@shop/shared';
import { kopecksToDecimal } from '../payments/decimal-amount';
import {
  createProviderHttp,
  parseJsonObject,
  type HttpFailure,
  type ProviderHttpDeps,
} from '../payments/provider-http';
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

export type CryptopayDeps = ProviderHttpDeps;
export type CryptopayFailure = HttpFailure;

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

export function createCryptopayClient(settings: CryptopaySettings, deps: CryptopayDeps = {}) {
  const base = settings.apiUrl.replace(/\/+$/, '');
  const http = createProviderHttp(deps, (reason) => new CryptopayError(reason, null));

  async function once<T>(method: string, params: Record<string, unknown>): Promise<T> {
    const { status, text } = await http.send(`${base}/${method}`, {
      method: 'POST',
      headers: {
        'crypto-pay-api-token': settings.token,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(params),
    });
    // Null for a proxy's HTML page: the status decides first, then a null reply is a bad one.
    const reply = parseJsonObject(text) as CpReply<T> | null;
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

  /** `retryOn` is per call: only the reads may be asked again when the outcome is unknown. */
  const call = <T>(
    method: string,
    params: Record<string, unknown>,
    retryOn: ReadonlyArray<CryptopayFailure>,
  ): Promise<T> =>
    http.retrying(() => once<T>(method, params), {
      retries: (error) => error instanceof CryptopayError && retryOn.includes(error.reason),
    });

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
