/**
 * The HTTP layer the payment providers' clients (YooKassa, Crypto Pay, FreeKassa) have in common:
 * one request with a timeout, its reply read as a JSON object, and a retry loop with backoff. What
 * differs stays in each client: its error class, how a status maps to a failure, and which
 * failures are safe to retry for which call (that depends on whether the provider deduplicates
 * the request, so it is a per-call decision, never a default here).
 */

/** A request that got no reply at all: it timed out, or the connection failed. */
export type TransportFailure = 'timeout' | 'unreachable';

/** The failures a JSON API over HTTP can end in, before any provider-specific ones. */
export type HttpFailure =
  TransportFailure | 'bad_reply' | 'unauthorized' | 'rate_limited' | 'server_error' | 'api_error';

/** What a client lets tests and operators change: the transport, its patience, and the clock. */
export interface ProviderHttpDeps {
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  /** Attempts per request, the first included. */
  attempts?: number;
  /** The longest wait between attempts, whatever the provider asks. */
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface ReplyText {
  status: number;
  text: string;
}

/**
 * One request, its status and body text. A redirect is refused (an API never redirects; a
 * redirect would carry the credentials elsewhere). A fetch that throws becomes the client's own
 * error through `fail`: 'timeout' when the timeout fired (the outcome at the provider is unknown),
 * else 'unreachable'.
 */
export async function fetchReplyText(
  fetchImpl: typeof fetch,
  url: string,
  init: Omit<RequestInit, 'redirect' | 'signal'>,
  timeoutMs: number,
  fail: (reason: TransportFailure) => Error,
): Promise<ReplyText> {
  try {
    const response = await fetchImpl(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw fail(timedOut ? 'timeout' : 'unreachable');
  }
}

/**
 * The reply as a JSON object, or null when it is not one: a proxy's HTML error page in front of
 * a 5xx, for instance. Null is not an error here, because the caller judges such a reply by its
 * status first (a 502 page is a server error, not a bad reply).
 */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // Not JSON: see above.
  }
  return null;
}

/** Which failures of one call are worth asking again, and how long the provider asked to wait. */
export interface RetryRule {
  retries: (error: unknown) => boolean;
  /** A wait the provider named (YooKassa's `retry_after`); else the backoff decides. */
  askedDelayMs?: (error: unknown) => number | undefined;
}

/**
 * A client's request transport: `send` for one request (timeouts typed through `fail`), and
 * `retrying` to repeat a request while its rule says so, up to `attempts` in all, waiting
 * 500 ms, 1 s, 2 s… (or what the provider asked), never longer than `maxDelayMs`.
 */
export function createProviderHttp(
  deps: ProviderHttpDeps,
  fail: (reason: TransportFailure) => Error,
) {
  const fetchImpl = deps.fetchImpl ?? fetch;
  const timeoutMs = deps.timeoutMs ?? 10_000;
  const attempts = deps.attempts ?? 3;
  const maxDelayMs = deps.maxDelayMs ?? 3_000;
  const sleep = deps.sleep ?? sleepFor;

  const send = (url: string, init: Omit<RequestInit, 'redirect' | 'signal'>) =>
    fetchReplyText(fetchImpl, url, init, timeoutMs, fail);

  async function retrying<T>(request: () => Promise<T>, rule: RetryRule): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await request();
      } catch (error) {
        if (!rule.retries(error) || attempt >= attempts) throw error;
        const asked = rule.askedDelayMs?.(error) ?? 250 * 2 ** attempt;
        await sleep(Math.min(asked, maxDelayMs));
      }
    }
  }

  return { send, retrying };
}
