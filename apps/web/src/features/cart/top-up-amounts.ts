import { CART_TOP_UP_MIN, hasAtMostTwoDecimals, TOP_UP_MAX } from '@shop/shared';
import { parseAmount } from '@/lib/parse-amount';

/** SPEC §9: the cart's quick top-up amounts, 1000 chosen by default. */
export const QUICK_TOP_UPS = [100, 500, 1000, 5000] as const;
export const DEFAULT_QUICK_TOP_UP = 1000;

export const CUSTOM_AMOUNT_ERROR = {
  title: 'Неверная сумма',
  description: `Сумма должна быть от ${CART_TOP_UP_MIN}₽ до ${TOP_UP_MAX}₽`,
} as const;

/** SPEC §5: the cart's own amount takes 30 to 15000 roubles; null for anything else. */
export function parseCustomAmount(raw: string): number | null {
  const amount = parseAmount(raw);
  if (!Number.isFinite(amount) || !hasAtMostTwoDecimals(amount)) return null;
  return amount >= CART_TOP_UP_MIN && amount <= TOP_UP_MAX ? amount : null;
}
