import type { Kopecks } from '@shop/shared';

/**
 * Roubles as decimal text, the way YooKassa (`"value": "100.00"`) and Crypto Pay (`"amount":
 * "100.5"`) carry them, built from and read into integer kopecks with string arithmetic only.
 */
export function kopecksToDecimal(kopecks: Kopecks): string {
  if (!Number.isSafeInteger(kopecks) || kopecks <= 0) {
    throw new RangeError('amount must be a positive whole number of kopecks');
  }
  return `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;
}

/**
 * "100", "100.5", "100.50" → kopecks; null for anything else (signs, exponents, spaces, more than
 * two decimals unless they are zeros, zero). Crypto Pay may write "100.00000000" for a fiat amount.
 */
export function decimalToKopecks(text: unknown): Kopecks | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d{1,13})(?:\.(\d{1,2})0*)?$/.exec(text);
  if (!match) return null;
  const kopecks = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return kopecks > 0 && Number.isSafeInteger(kopecks) ? kopecks : null;
}
