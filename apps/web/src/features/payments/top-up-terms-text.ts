import { formatRoubles, sortedTiers } from '@shop/shared';
import type { TopUpTerms } from '@/lib/top-up-terms';

/**
 * The dialog's line under its title, stating the owner's bonus rule: the base percent, the tiers
 * by amount that replace it, and the first top-up's extra percent when it applies to this player.
 */
export function topUpTermsText(terms: TopUpTerms, firstTopUp: boolean): string {
  const first =
    firstTopUp && terms.firstTopUpPercent > 0
      ? ` За первое пополнение ещё +${terms.firstTopUpPercent}%.`
      : '';
  if (terms.tiers.length > 0) {
    const tiers = sortedTiers(terms.tiers)
      .map((tier) => `от ${formatRoubles(tier.from)} — ${tier.percent}%`)
      .join(', ');
    return `Бонус к пополнению ${terms.bonusPercent}%, ${tiers}.${first}`;
  }
  if (terms.bonusPercent > 0) {
    return `К каждому пополнению начисляется бонус ${terms.bonusPercent}% — он возвращает комиссию платёжной системы.${first}`;
  }
  return `Пополнение от ${terms.min} до ${terms.max} ₽.${first}`;
}
