import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decimalToKopecks } from '../payments/decimal-amount';
import { webhookSignature } from './cryptopay-signature';
import type { CpInvoice, CpUpdate } from './cryptopay-types';

/**
 * A stand-in for the Crypto Pay API (https://help.send.tg/en/articles/10279948-crypto-pay-api) that
 * speaks its protocol over HTTP:
 * - `{prefix}/api/{method}` by GET (query) or POST (JSON), the app's token in the
 *   `Crypto-Pay-API-Token` header, replies `{ok: true, result}` or `{ok: false, error: {code, name}}`;
 * - `createInvoice` (fiat invoices in RUB with accepted_assets, or crypto ones) and `getInvoices`
 *   (`invoice_ids`, `status`, `offset`, `count`, the result's `items`); like the real API it has no
 *   idempotence key: the same call twice makes two invoices;
 * - webhooks: an Update `{update_id, update_type: "invoice_paid", request_date, payload}` signed
 *   in `crypto-pay-api-signature` (HMAC-SHA-256 of the body keyed with SHA-256 of the token),
 *   retried by Crypto Pay until answered 200, so they come repeated and late;
 * - failures: 429 and a proxy's 502 page in front of a 5xx (the error names are illustrative: the
 *   docs describe only the `{ok: false, error}` shape).
 */
export interface FakeCryptopayOptions {
  prefix: string;
  token: string;
  notifyUrl: () => string;
  publicUrl: () => string;
}

export type FakeCpFailure = '429' | '502';

const ASSETS = new Set(['USDT', 'TON', 'BTC', 'ETH', 'LTC', 'BNB', 'TRX', 'USDC']);
const fail = (reply: FastifyReply, code: number, name: string) =>
  reply.code(code).send({ ok: false, error: { code, name } });

export function registerFakeCryptopay(app: FastifyInstance, options: FakeCryptopayOptions) {
  const invoices: CpInvoice[] = [];
  const failures: FakeCpFailure[] = [];
  let nextId = 100_000 + Math.floor(Math.random() * 100_000);
  let nextUpdate = 1;

  const params = (request: FastifyRequest) =>
    ({
      ...(request.query as Record<string, unknown>),
      ...((request.body ?? {}) as Record<string, unknown>),
    }) as Record<string, unknown>;

  function createInvoice(p: Record<string, unknown>): CpInvoice | string {
    const fiat = p.currency_type === 'fiat';
    if (fiat ? p.fiat !== 'RUB' : !ASSETS.has(String(p.asset)))
      return fiat ? 'FIAT_INVALID' : 'ASSET_INVALID';
    const amount =
      typeof p.amount === 'string'
        ? p.amount
        : typeof p.amount === 'number'
          ? String(p.amount)
          : '';
    if (decimalToKopecks(amount) === null) return 'AMOUNT_INVALID';
    const accepted =
      typeof p.accepted_assets === 'string' ? p.accepted_assets.split(',') : undefined;
    if (accepted?.some((asset) => !ASSETS.has(asset))) return 'ACCEPTED_ASSETS_INVALID';
    if (typeof p.payload === 'string' && p.payload.length > 4096) return 'PAYLOAD_TOO_LONG';
    const expiresIn = p.expires_in === undefined ? undefined : Number(p.expires_in);
    if (expiresIn !== undefined && !(expiresIn >= 1 && expiresIn <= 2_678_400))
      return 'EXPIRES_IN_INVALID';
    const hash = `IV${randomBytes(6).toString('hex')}`;
    const invoice: CpInvoice = {
      invoice_id: (nextId += 1),
      hash,
      currency_type: fiat ? 'fiat' : 'crypto',
      ...(fiat ? { fiat: 'RUB' } : { asset: String(p.asset) }),
      amount,
      ...(accepted ? { accepted_assets: accepted } : {}),
      status: 'active',
      bot_invoice_url: `https://t.me/CryptoBot?start=${hash}`,
      web_app_invoice_url: `${options.publicUrl()}${options.prefix}/invoice/${hash}`,
      description: typeof p.description === 'string' ? p.description : undefined,
      created_at: new Date().toISOString(),
      ...(typeof p.payload === 'string' ? { payload: p.payload } : {}),
      ...(expiresIn
        ? { expiration_date: new Date(Date.now() + expiresIn * 1000).toISOString() }
        : {}),
    };
    invoices.push(invoice);
    return invoice;
  }

  app.route({
    method: ['GET', 'POST'],
    url: `${options.prefix}/api/:method`,
    handler: async (request, reply) => {
      if (request.headers['crypto-pay-api-token'] !== options.token) {
        return fail(reply, 401, 'UNAUTHORIZED');
      }
      const failure = failures.shift();
      if (failure === '429') return fail(reply, 429, 'TOO_MANY_REQUESTS');
      if (failure === '502') {
        return reply.code(502).type('text/html').send('<html><body>502 Bad Gateway</body></html>');
      }
      const p = params(request);
      const method = (request.params as { method: string }).method;
      if (method === 'getMe')
        return {
          ok: true,
          result: { app_id: 1, name: 'Shop', payment_processing_bot_username: 'CryptoBot' },
        };
      if (method === 'createInvoice') {
        const made = createInvoice(p);
        return typeof made === 'string' ? fail(reply, 400, made) : { ok: true, result: made };
      }
      if (method === 'getInvoices') {
        const ids =
          typeof p.invoice_ids === 'string' && p.invoice_ids
            ? p.invoice_ids.split(',').map(Number)
            : null;
        const offset = Number(p.offset ?? 0) || 0;
        const count = Math.min(1000, Number(p.count ?? 100) || 100);
        const items = invoices
          .filter(
            (item) =>
              (!ids || ids.includes(item.invoice_id)) && (!p.status || item.status === p.status),
          )
          .slice(offset, offset + count);
        return { ok: true, result: { items } };
      }
      return fail(reply, 405, 'METHOD_NOT_FOUND');
    },
  });

  const must = (id: number) => {
    const invoice = invoices.find((item) => item.invoice_id === id);
    if (!invoice) throw new Error(`fake Crypto Pay has no invoice ${id}`);
    return invoice;
  };

  /** The Update and its exact body text, as Crypto Pay would send it now. */
  function update(id: number): { body: string; signature: string } {
    const payload: CpUpdate = {
      update_id: (nextUpdate += 1),
      update_type: 'invoice_paid',
      request_date: new Date().toISOString(),
      payload: structuredClone(must(id)),
    };
    const body = JSON.stringify(payload);
    return { body, signature: webhookSignature(options.token, body) };
  }

  async function send(body: string, signature: string | null) {
    try {
      const response = await fetch(options.notifyUrl(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature === null ? {} : { 'crypto-pay-api-signature': signature }),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status, body: await response.text() };
    } catch (error) {
      return { status: 0, body: error instanceof Error ? error.message : 'error' };
    }
  }

  return {
    invoices: () => invoices.map((item) => ({ ...item })),
    byHash: (hash: string) => invoices.find((item) => item.hash === hash),
    failNext(count: number, failure: FakeCpFailure) {
      for (let index = 0; index < count; index += 1) failures.push(failure);
    },
    /** The payer paid in `asset`: the invoice is paid from now on. */
    pay(id: number, asset = 'USDT') {
      const invoice = must(id);
      if (invoice.status !== 'active') return invoice;
      Object.assign(invoice, {
        status: 'paid',
        paid_at: new Date().toISOString(),
        paid_asset: asset,
      });
      return invoice;
    },
    /** Unpaid past expires_in: Crypto Pay reports it `expired`. */
    expire(id: number) {
      const invoice = must(id);
      if (invoice.status === 'active') invoice.status = 'expired';
      return invoice;
    },
    update,
    /** Sends the invoice's webhook as it stands, signed (or with the given signature, or none). */
    notify(id: number, signature?: string | null) {
      const made = update(id);
      return send(made.body, signature === undefined ? made.signature : signature);
    },
    send,
  };
}

export type FakeCryptopay = ReturnType<typeof registerFakeCryptopay>;
