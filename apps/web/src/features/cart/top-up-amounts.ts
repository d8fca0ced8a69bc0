import { CART_TOP_UP_MIN, hasAtMostTwoDecimals, reachedTier } from '@shop/shared';
import { formatRoubles } from '@/lib/format';
import { parseAmount } from '@/lib/parse-amount';
import type { TopUpTerms } from '@/lib/top-up-terms';

/** SPEC §9: the cart's quick top-up amounts, 1000 chosen by default. */
export const QUICK_TOP_UPS = [100, 500, 1000, 5000] as const;
export const DEFAULT_QUICK_TOP_UP = 1000;

/** What the cart's own amount may be: SPEC §5's 30 roubles at least, and within the shop's limits. */
export interface CartAmountRange {
  min: number;
  max: number;
}

export function cartAmountRange(terms: TopUpTerms): CartAmountRange {
  return { min: Math.max(CART_TOP_UP_MIN, terms.min), max: terms.max };
}

/** The quick amounts the shop's limits allow: an owner who caps top-ups at 3000 is not offered 5000. */
export function quickTopUps(range: CartAmountRange): number[] {
  return QUICK_TOP_UPS.filter((amount) => amount >= range.min && amount <= range.max);
}

/** 1000 where it is offered, else the nearest quick amount that is; null when none is. */
export function defaultQuickTopUp(range: CartAmountRange): number | null {
  const offered = quickTopUps(range);
  if (offered.length === 0) return null;
  return offered.reduce((best, amount) =>
    Math.abs(amount - DEFAULT_QUICK_TOP_UP) < Math.abs(best - DEFAULT_QUICK_TOP_UP) ? amount : best,
  );
}

/** SPEC §5's refusal of a custom amount, stating the range in force. */
export function customAmountError(range: CartAmountRange) {
  return {
    title: 'Неверная сумма',
    description: `Сумма должна быть от ${range.min}₽ до ${range.max}₽`,
  } as const;
}

/** The cart's own amount within the range; null for anything else. */
export function parseCustomAmount(raw: string, range: CartAmountRange): number | null {
  const amount = parseAmount(raw);
  if (!Number.isFinite(amount) || !hasAtMostTwoDecimals(amount)) return null;
  return amount >= range.min && amount <= range.max ? amount : null;
}

/**
 * The cart's line on the bonus the chosen amount earns: a tier reached replaces the base percent
 * (`site.topUp.tiers`), as the server's rule does; the dialog then previews the exact amount.
 */
export function bonusNote(
  terms: Pick<TopUpTerms, 'bonusPercent' | 'tiers'>,
  amount: number | null,
): string {
  const tier = amount === null ? null : reachedTier(amount * 100, terms.tiers);
  const percent = tier ? tier.percent : terms.bonusPercent;
  if (percent <= 0) return '';
  return amount === null
    ? ` К пополнению начисляется бонус ${percent}%.`
    : ` К пополнению на ${formatRoubles(amount)} начисляется бонус ${percent}%.`;
}
