export const TOP_UP_MIN = 10;
export const TOP_UP_MAX = 15_000;
export const BONUS_PERCENT = 10;

/** SPEC §9: the site adds 10% to each top-up, rounded down to whole roubles. */
export function topUpBonus(amount: number): number {
  if (!Number.isFinite(amount) || amount < TOP_UP_MIN) return 0;
  return Math.floor((amount * BONUS_PERCENT) / 100);
}
