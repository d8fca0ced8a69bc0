import { formatRoubles, type Kopecks } from './money';

/**
 * The one rule of a top-up's bonus, shared by the dialog that previews it and the server that
 * credits it, so the two can never disagree by a kopeck:
 *
 * - the highest tier whose `from` is at most the amount *replaces* the base percent (no tier
 *   reached: the base percent);
 * - the first-top-up percent (the player's first credited top-up) and the percent of a promo code
 *   waiting for the next top-up are *added* to it;
 * - each part is rounded down to whole roubles on its own (SPEC: the bonus is whole roubles), so a
 *   part that is not paid (a promo code another top-up used first) takes exactly its own share off.
 */

/** «от 1 000 ₽ — 15 %»: `from` in whole roubles, `percent` a whole percent. */
export interface TopUpTier {
  from: number;
  percent: number;
}

/** The owner's bonus settings (`site.topUp`), limits aside. */
export interface TopUpBonusTerms {
  bonusPercent: number;
  tiers: readonly TopUpTier[];
  firstTopUpPercent: number;
}

/** What a top-up's player brings to the rule: whether it is their first, and a waiting code. */
export interface TopUpBonusPlayer {
  firstTopUp: boolean;
  promoPercent: number;
}

/** The parts a bonus is made of, enough to name the rule that applied (the ledger's comment). */
export interface TopUpBonusRule {
  /** The percent that applies to this amount: a tier's, or the base one. */
  percent: number;
  /** The tier's threshold in roubles, or null when the base percent applies. */
  tierFrom: number | null;
  /** 0 when the top-up is not the player's first, or the owner gives no such bonus. */
  firstPercent: number;
  /** 0 without a waiting code. */
  promoPercent: number;
}

export interface TopUpBonus extends TopUpBonusRule {
  percentKopecks: Kopecks;
  firstKopecks: Kopecks;
  promoKopecks: Kopecks;
  totalKopecks: Kopecks;
}

/** `percent` of the amount, rounded down to whole roubles, in kopecks. */
export function bonusPartKopecks(amountKopecks: Kopecks, percent: number): Kopecks {
  if (percent <= 0) return 0;
  return Math.floor((amountKopecks * percent) / 10_000) * 100;
}

/** The tier an amount reaches: the one with the highest `from` at most the amount, or none. */
export function reachedTier(amountKopecks: Kopecks, tiers: readonly TopUpTier[]): TopUpTier | null {
  let best: TopUpTier | null = null;
  for (const tier of tiers) {
    if (tier.from * 100 <= amountKopecks && (best === null || tier.from > best.from)) best = tier;
  }
  return best;
}

export function topUpBonus(
  amountKopecks: Kopecks,
  terms: TopUpBonusTerms,
  player: TopUpBonusPlayer,
): TopUpBonus {
  const tier = reachedTier(amountKopecks, terms.tiers);
  const percent = tier ? tier.percent : terms.bonusPercent;
  const firstPercent = player.firstTopUp ? Math.max(terms.firstTopUpPercent, 0) : 0;
  const promoPercent = Math.max(player.promoPercent, 0);
  const percentKopecks = bonusPartKopecks(amountKopecks, percent);
  const firstKopecks = bonusPartKopecks(amountKopecks, firstPercent);
  const promoKopecks = bonusPartKopecks(amountKopecks, promoPercent);
  return {
    percent,
    tierFrom: tier ? tier.from : null,
    firstPercent,
    promoPercent,
    percentKopecks,
    firstKopecks,
    promoKopecks,
    totalKopecks: percentKopecks + firstKopecks + promoKopecks,
  };
}

/**
 * The ledger's words for the rule that applied, with the parts actually paid:
 * «Бонус 20% (от 3 000 ₽) + 5% за первое пополнение + промокод 10%». The base percent alone keeps
 * the words the ledger has always used, «Бонус 10% к пополнению».
 */
export function bonusRuleText(rule: TopUpBonusRule): string {
  const parts: string[] = [];
  if (rule.percent > 0) {
    parts.push(
      rule.tierFrom === null
        ? `Бонус ${rule.percent}%`
        : `Бонус ${rule.percent}% (от ${formatRoubles(rule.tierFrom)})`,
    );
  }
  if (rule.firstPercent > 0) {
    parts.push(
      parts.length
        ? `${rule.firstPercent}% за первое пополнение`
        : `Бонус ${rule.firstPercent}% за первое пополнение`,
    );
  }
  if (rule.promoPercent > 0) {
    parts.push(
      parts.length ? `промокод ${rule.promoPercent}%` : `Бонус по промокоду ${rule.promoPercent}%`,
    );
  }
  if (parts.length === 1 && rule.percent > 0 && rule.tierFrom === null) {
    return `${parts[0]} к пополнению`;
  }
  return parts.length ? parts.join(' + ') : 'Бонус к пополнению';
}

/** The tiers from the lowest threshold up, as the owner reads them and the dialog lists them. */
export function sortedTiers(tiers: readonly TopUpTier[]): TopUpTier[] {
  return [...tiers].sort((a, b) => a.from - b.from);
}

/** A tier no top-up can reach is a mistake: its threshold must lie within the limits. */
export function topUpTiersProblem(topUp: {
  max: number;
  tiers: readonly TopUpTier[];
}): string | null {
  const beyond = topUp.tiers.find((tier) => tier.from > topUp.max);
  return beyond
    ? `Бонус по сумме: порог ${formatRoubles(beyond.from)} выше максимальной суммы пополнения`
    : null;
}
