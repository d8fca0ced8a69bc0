import { errorMessages, IDEMPOTENCY_HEADER } from '@shop/shared';
import { createActionKeys } from './action-keys';
import {
  isNetworkError,
  mayRetryAfterNetworkFailure,
  NETWORK_RETRIES,
  networkRetryDelay,
  RATE_LIMIT_RETRIES,
  rateLimitDelay,
} from './api-retry';
import { tokenStorage as browserTokenStorage, type TokenStorage } from './token-storage';

/**
 * The one way the web app talks to the API (SPEC §7-8): JSON under /api, the Bearer token when one is
 * stored, at most three requests in flight, polite retries on 429 and on a dropped connection, and
 * errors whose message is the server's Russian text so screens can show it as is.
 */

export const API_BASE = '/api';
export const MAX_CONCURRENT_REQUESTS = 3;

/** Shown when the server cannot be reached even after the retries. */
export const NETWORK_ERROR_MESSAGE =
  'Нет соединения с сервером. Проверьте подключение к интернету.';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly body: unknown;

  constructor(message: string, options: { status: number; code?: string | null; body?: unknown }) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code ?? null;
    this.body = options.body;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its own type (a CSV file, a picture), instead of a JSON body. */
  text?: { contentType: string; content: string | Blob };
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * A money call: it carries an Idempotency-Key, the same on every retry and on the user's own repeat
   * of the same request after a network failure, so a lost reply can never charge twice.
   */
  idempotent?: boolean;
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  tokenStorage?: TokenStorage;
  maxConcurrent?: number;
  /** Injected so tests can record the waits instead of sleeping through them. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  put<T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  patch<T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  delete<T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /** Requests currently holding one of the concurrency slots. */
  readonly inFlight: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function createLimiter(max: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return {
    get active() {
      return active;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < max) active += 1;
      // The releasing request hands its slot straight to us, so `active` is unchanged on wake-up.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active -= 1;
      }
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorFromBody(body: unknown): { code: string | null; message: string | null } {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const message =
      typeof record.message === 'string' && record.message.trim() ? record.message : null;
    const code = typeof record.error === 'string' ? record.error : null;
    return { code, message };
  }
  return { code: null, message: null };
}

function fallbackMessage(status: number): string {
  if (status === 400) return errorMessages.badRequest;
  if (status === 403) return errorMessages.forbidden;
  if (status === 404) return errorMessages.notFound;
  if (status === 413) return errorMessages.payloadTooLarge;
  if (status === 429) return errorMessages.rateLimited;
  return errorMessages.internal;
}

interface RawResponse {
  /** The token the request carried, if any. */
  token: string | null;
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? API_BASE).replace(/\/$/, '');
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const storage = options.tokenStorage ?? browserTokenStorage;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const limiter = createLimiter(options.maxConcurrent ?? MAX_CONCURRENT_REQUESTS);
  const actionKeys = createActionKeys(now);

  function attempt(path: string, init: RequestOptions): Promise<RawResponse> {
    return limiter.run(async () => {
      const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
      const token = storage.get();
      if (token) headers.Authorization = `Bearer ${token}`;
      let body: string | Blob | undefined;
      if (init.text) {
        headers['Content-Type'] = init.text.contentType;
        body = init.text.content;
      } else if (init.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(init.body);
      }
      const response = await doFetch(`${baseUrl}${path.startsWith('/') ? path : `/${path}`}`, {
        method: init.method ?? 'GET',
        headers,
        body,
        signal: init.signal,
      });
      // The body is read inside the slot: a request is "in flight" until its reply has arrived.
      const text = await response.text();
      return {
        token,
        status: response.status,
        ok: response.ok,
        headers: response.headers,
        text,
      };
    });
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const action = options.idempotent ? actionKeys.begin(method, path, options.body) : null;
    const init: RequestOptions = action
      ? { ...options, headers: { ...options.headers, [IDEMPOTENCY_HEADER]: action.key } }
      : options;
    let rateLimitRetries = 0;
    let networkRetries = 0;
    for (;;) {
      let raw: RawResponse;
      try {
        raw = await attempt(path, init);
      } catch (error) {
        if (!isNetworkError(error)) throw error;
        if (networkRetries < NETWORK_RETRIES && mayRetryAfterNetworkFailure(method, !!action)) {
          await sleep(networkRetryDelay(networkRetries));
          networkRetries += 1;
          continue;
        }
        throw new ApiError(NETWORK_ERROR_MESSAGE, { status: 0, code: 'network', body: null });
      }

      if (raw.status === 429 && rateLimitRetries < RATE_LIMIT_RETRIES) {
        await sleep(rateLimitDelay(rateLimitRetries, raw.headers.get('retry-after'), now()));
        rateLimitRetries += 1;
        continue;
      }

      // The server answered: whatever it said, the action is settled and its key is spent.
      action?.settle();
      const isJson = (raw.headers.get('content-type') ?? '').includes('json');
      const body = raw.text === '' ? undefined : isJson ? parseJson(raw.text) : raw.text;

      if (raw.ok) return body as T;

      const { code, message } = errorFromBody(isJson ? body : parseJson(raw.text));
      if (raw.status === 401) {
        // The server no longer accepts this token: the session ended elsewhere (an admin, another
        // device, expiry). Forget it, and let the app say so rather than fall back to a guest quietly.
        if (raw.token) storage.reject(raw.token);
        throw new ApiError(message ?? errorMessages.unauthorized, { status: 401, code, body });
      }
      const text = raw.text.trim();
      // Plain-text bodies are shown as is; an HTML error page from a proxy is not something to show a player.
      const plain = text && !isJson && !text.startsWith('<') && text.length <= 300 ? text : null;
      const readable = message ?? plain;
      throw new ApiError(readable ?? fallbackMessage(raw.status), {
        status: raw.status,
        code,
        body,
      });
    }
  }

  return {
    request,
    get: (path, opts) => request(path, { ...opts, method: 'GET' }),
    post: (path, body, opts) => request(path, { ...opts, method: 'POST', body }),
    put: (path, body, opts) => request(path, { ...opts, method: 'PUT', body }),
    patch: (path, body, opts) => request(path, { ...opts, method: 'PATCH', body }),
    delete: (path, opts) => request(path, { ...opts, method: 'DELETE' }),
    get inFlight() {
      return limiter.active;
    },
  };
}

/** The app-wide client: '/api' on this origin, token from localStorage. */
export const api = createApiClient();

/** A message fit for a toast, whatever was thrown. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message && !isNetworkError(error)) return error.message;
  return fallback;
}
