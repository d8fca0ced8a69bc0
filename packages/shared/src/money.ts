import { formatNumberRu } from './number-format';

/**
 * Money is integer kopecks everywhere in code; the API speaks roubles with at most two decimals.
 * Conversions go through strings so that no float rounding can creep into an amount.
 */
export type Kopecks = number;

export function roublesToKopecks(roubles: number): Kopecks {
  if (!Number.isFinite(roubles)) throw new RangeError('amount is not a finite number');
  const [whole = '0', fraction = ''] = Math.abs(roubles).toFixed(2).split('.');
  const kopecks = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return roubles < 0 ? -kopecks : kopecks;
}

export function kopecksToRoubles(kopecks: Kopecks): number {
  if (!Number.isSafeInteger(kopecks)) throw new RangeError('kopecks must be a safe integer');
  return kopecks / 100;
}

/** True when a rouble amount has no more than two decimals (so it is a whole number of kopecks). */
export function hasAtMostTwoDecimals(roubles: number): boolean {
  return Number.isFinite(roubles) && Math.abs(roubles * 100 - Math.round(roubles * 100)) < 1e-6;
}

/** '1 234 ₽' or '249,90 ₽': kopecks are shown only when there are any, and then always two digits. */
export function formatRoubles(roubles: number): string {
  const fractionDigits = Number.isInteger(roubles) ? 0 : 2;
  return `${formatNumberRu(roubles, fractionDigits, fractionDigits)} ₽`;
}
