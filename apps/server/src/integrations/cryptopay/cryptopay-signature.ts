import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Crypto Pay's webhook signature (https://help.send.tg/en/articles/10279948-crypto-pay-api,
 * «Verifying webhook updates»): the header `crypto-pay-api-signature` carries the hex HMAC-SHA-256
 * of the raw request body, keyed with the SHA-256 digest (raw bytes) of the app's API token.
 */
export function webhookSignature(token: string, rawBody: string): string {
  const secret = createHash('sha256').update(token, 'utf8').digest();
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/** Compares the given signature with the body's own, in constant time; anything odd is unequal. */
export function isGenuineSignature(token: string, rawBody: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{64}$/.test(given)) return false;
  const expected = Buffer.from(webhookSignature(token, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(given.toLowerCase(), 'hex'));
}
