import { fetchReplyText, type TransportFailure } from '../payments/provider-http';
import { apiSignature } from './freekassa-signatures';

/**
 * Transport for FreeKassa's JSON API (`POST {API}/v1/...`): adds shopId, a rising nonce and the
 * HMAC signature, enforces a timeout, and turns every kind of failure into one typed error, so
 * callers handle "the provider did not do it" in one place.
 */
export type FreekassaFailure =
  TransportFailure | 'bad_reply' | 'api_error' | 'already_paid' | 'order_exists';

export class FreekassaError extends Error {
  constructor(
    readonly reason: FreekassaFailure,
    detail?: string,
  ) {
    super(`FreeKassa request failed: ${reason}${detail ? ` (${detail})` : ''}`);
    this.name = 'FreekassaError';
  }
}

/**
 * The API refuses a nonce that is not above the last one it saw for the shop. Milliseconds since the
 * epoch keep that true across restarts (a restart takes far longer than the few requests that could
 * run ahead of the clock); the +1 keeps it true for several requests in the same millisecond. It is
 * module-wide because every client in this process speaks for the same shop.
 */
let lastNonce = 0;
export function nextNonce(now: number = Date.now()): number {
  lastNonce = Math.max(Math.floor(now), lastNonce + 1);
  return lastNonce;
}

export interface ApiTransportOptions {
  shopId: number;
  apiKey: string;
  /** Base without the version, e.g. https://api.fk.life; paths below start with /v1. */
  apiUrl: string;
  fetchImpl: typeof fetch;
  now: () => number;
  timeoutMs: number;
}

export type ApiReply = Record<string, unknown>;

export function createApiTransport(options: ApiTransportOptions) {
  const base = options.apiUrl.replace(/\/+$/, '');

  /**
   * One request at a time: the API refuses a nonce below the last one it saw, so two requests
   * racing on the wire could have the later-numbered one arrive first and the other refused.
   */
  let queue: Promise<unknown> = Promise.resolve();
  return function call(path: string, fields: Record<string, string | number>): Promise<ApiReply> {
    const run = queue.then(() => send(path, fields));
    queue = run.catch(() => undefined);
    return run;
  };

  async function send(path: string, fields: Record<string, string | number>): Promise<ApiReply> {
    const body: Record<string, string | number> = {
      ...fields,
      shopId: options.shopId,
      nonce: nextNonce(options.now()),
    };
    body.signature = apiSignature(options.apiKey, body);

    const { status, text } = await fetchReplyText(
      options.fetchImpl,
      `${base}${path}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      },
      options.timeoutMs,
      (reason) => new FreekassaError(reason),
    );

    // Not parseJsonObject: FreeKassa's errors come as JSON (`type: "error"`), so here anything
    // that is not a JSON object is a bad reply whatever the status, named with the status.
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new FreekassaError('bad_reply', `HTTP ${status}, not JSON`);
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw new FreekassaError('bad_reply', `HTTP ${status}`);
    }
    const reply = data as ApiReply;
    // The API also reports errors with HTTP 200 and `type: "error"`.
    if (status < 200 || status >= 300 || reply.type === 'error') {
      const message = typeof reply.message === 'string' ? reply.message : `HTTP ${status}`;
      throw new FreekassaError('api_error', message.slice(0, 200));
    }
    return reply;
  }
}
