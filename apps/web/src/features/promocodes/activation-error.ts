import { errorMessages } from '@shop/shared';
import { ApiError } from '@/lib/api-client';

/** SPEC §8: the profile and promo page fallback when the server gave no reason of its own. */
export const INVALID_CODE =
  'Промокод недействителен, уже активирован или достиг лимита использований';

/**
 * The toast text for a failed activation: the server's own reason for a refused code (expired, used
 * up, already yours…), the rate-limit text after the client's retries, else the SPEC fallback — also
 * for a dropped session or a network failure, where a technical message would only confuse.
 */
export function activationErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return INVALID_CODE;
  if (error.status === 429) return errorMessages.rateLimited;
  if (error.status >= 400 && error.status < 500 && error.status !== 401)
    return error.message || INVALID_CODE;
  return INVALID_CODE;
}
