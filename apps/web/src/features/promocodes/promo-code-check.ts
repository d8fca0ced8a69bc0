import { PROMO_FORMAT_MESSAGE, PROMO_PATTERN } from '@shop/shared';

/**
 * The promo code field's rules as react-hook-form `validate` functions: one text field needs no
 * schema library, and the pages that show it stay light. Each returns the message to show, or true.
 * The server applies promoActivateSchema (not empty, at most 40 characters) whatever is sent.
 */
export const PROMO_REQUIRED_MESSAGE = 'Введите промокод';
const PROMO_MAX_LENGTH = 40;
const PROMO_TOO_LONG_MESSAGE = 'Промокод недействителен';

/** What is sent: trimmed and upper case, as codes are stored. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Promo codes page: only "not empty" and the length the server accepts; it judges the rest. */
export function checkPromoSimple(code: string): string | true {
  const normalized = normalizePromoCode(code);
  if (!normalized) return PROMO_REQUIRED_MESSAGE;
  if (normalized.length > PROMO_MAX_LENGTH) return PROMO_TOO_LONG_MESSAGE;
  return true;
}

/** Profile tab: the full SPEC §5 rule, so a mistyped code is caught before it is sent. */
export function checkPromoStrict(code: string): string | true {
  if (!code.trim()) return PROMO_REQUIRED_MESSAGE;
  return PROMO_PATTERN.test(code.trim()) ? true : PROMO_FORMAT_MESSAGE;
}

export interface PromoFormValues {
  code: string;
}
