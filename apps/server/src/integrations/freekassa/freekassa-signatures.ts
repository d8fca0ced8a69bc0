import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Kopecks } from '@shop/shared';

/**
 * FreeKassa's three signatures. md5 for the payment link (secret 1) and the notification (secret 2),
 * HMAC-SHA256 with the API key for the JSON API. Each hashes strings exactly as they travel, so the
 * amount must be one and the same string in the link, its signature and the API body.
 */
export const CURRENCY = 'RUB';

const md5Hex = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * Roubles as FreeKassa's own examples write them (`oa=1000`): no trailing zeros, at most two
 * decimals — "500", "500.5", "123.45". Built from integer kopecks, never through a float; it is also
 * exactly how a JSON number with that value prints, so the API body and its signature agree.
 */
export function formatAmount(kopecks: Kopecks): string {
  if (!Number.isSafeInteger(kopecks) || kopecks <= 0) {
    throw new RangeError('amount must be a positive whole number of kopecks');
  }
  const roubles = Math.floor(kopecks / 100);
  const fraction = kopecks % 100;
  if (fraction === 0) return String(roubles);
  const decimals = String(fraction).padStart(2, '0').replace(/0$/, '');
  return `${roubles}.${decimals}`;
}

/**
 * Parses an amount FreeKassa sent ("500", "500.5", "500.50") into kopecks with string arithmetic.
 * Returns null for anything else (signs, exponents, spaces, commas, three decimals, zero).
 */
export function parseAmount(text: string): Kopecks | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const kopecks = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return kopecks > 0 && Number.isSafeInteger(kopecks) ? kopecks : null;
}

/** `s` of the payment link: md5("SHOP:AMOUNT:SECRET1:CURRENCY:ORDER"). */
export function paymentLinkSign(input: {
  shopId: string;
  amount: string;
  secret1: string;
  currency: string;
  orderId: string;
}): string {
  return md5Hex(
    `${input.shopId}:${input.amount}:${input.secret1}:${input.currency}:${input.orderId}`,
  );
}

/** `SIGN` of a notification: md5("MERCHANT_ID:AMOUNT:SECRET2:MERCHANT_ORDER_ID"), over raw strings. */
export function notificationSign(input: {
  merchantId: string;
  amount: string;
  secret2: string;
  orderId: string;
}): string {
  return md5Hex(`${input.merchantId}:${input.amount}:${input.secret2}:${input.orderId}`);
}

export type ApiBody = Record<string, string | number>;

/**
 * The API `signature`: HMAC-SHA256 (hex) over the values of every other field, ordered by key and
 * joined with "|". Keys are compared by code unit, as PHP's ksort does for the ASCII names used.
 */
export function apiSignature(apiKey: string, body: Readonly<Record<string, unknown>>): string {
  const payload = Object.keys(body)
    .filter((key) => key !== 'signature')
    .sort()
    .map((key) => String(body[key]))
    .join('|');
  return createHmac('sha256', apiKey).update(payload, 'utf8').digest('hex');
}

const HEX = /^[0-9a-f]+$/;

/**
 * Compares two hex digests without leaking where they differ. Case-insensitive, since providers
 * differ on upper/lower-case hex; anything that is not hex, or differs in length, is simply unequal.
 */
export function safeEqualHex(given: string, expected: string): boolean {
  const a = given.toLowerCase();
  const b = expected.toLowerCase();
  if (!HEX.test(a) || !HEX.test(b) || a.length !== b.length || a.length % 2 !== 0) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}
