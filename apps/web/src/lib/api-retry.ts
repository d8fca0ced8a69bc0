import type { HttpMethod } from './api-client';

/** When and how long the API client waits before sending a request again (SPEC §8). */
export const RATE_LIMIT_RETRIES = 3;
export const NETWORK_RETRIES = 2;
export const MAX_RATE_LIMIT_WAIT_MS = 5_000;

/** Wait before the n-th (0-based) retry of a 429: 1 s, 2 s, 4 s, or Retry-After; never over 5 s. */
export function rateLimitDelay(
  retry: number,
  retryAfter: string | null,
  now: number = Date.now(),
): number {
  let wait = 1_000 * 2 ** retry;
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (retryAfter.trim() !== '' && Number.isFinite(seconds) && seconds >= 0) {
      wait = seconds * 1_000;
    } else {
      const at = Date.parse(retryAfter);
      if (!Number.isNaN(at)) wait = Math.max(0, at - now);
    }
  }
  return Math.min(wait, MAX_RATE_LIMIT_WAIT_MS);
}

/**
 * POST and PATCH may have done their work when the reply is lost: they are sent again after a network
 * failure only with an Idempotency-Key. The other methods are idempotent by HTTP's own rules.
 */
export function mayRetryAfterNetworkFailure(method: HttpMethod, hasIdempotencyKey: boolean) {
  return hasIdempotencyKey || (method !== 'POST' && method !== 'PATCH');
}

/** Wait before the n-th (0-based) retry after a network failure: 1 s, then 2 s. */
export function networkRetryDelay(retry: number): number {
  return 1_000 * 2 ** retry;
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** Browsers say 'Failed to fetch' (Chrome), 'NetworkError…' (Firefox), 'Load failed' (Safari); Node says 'fetch failed'. */
export function isNetworkError(error: unknown): boolean {
  if (isAbortError(error)) return false;
  if (error instanceof TypeError) return true;
  return (
    error instanceof Error &&
    /failed to fetch|fetch failed|networkerror|load failed/i.test(error.message)
  );
}
