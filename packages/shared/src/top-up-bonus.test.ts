import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bonusRuleText, reachedTier, topUpBonus, type TopUpBonusTerms } from './top-up-bonus';

const terms: TopUpBonusTerms = {
  bonusPercent: 10,
  // Out of order on purpose: the rule reads thresholds, not the list's order.
  tiers: [
    { from: 3000, percent: 20 },
    { from: 1000, percent: 15 },
  ],
  firstTopUpPercent: 5,
};
const nobody = { firstTopUp: false, promoPercent: 0 };
const nbsp = (text: string) => text.replace(/\s/g, ' ');

describe('top-up bonus rule', () => {
  it('a tier reached replaces the base percent; below the lowest tier the base applies', () => {
    expect(topUpBonus(99_900, terms, nobody)).toMatchObject({
      percent: 10,
      tierFrom: null,
      totalKopecks: 9_900,
    });
    expect(topUpBonus(100_000, terms, nobody)).toMatchObject({
      percent: 15,
      tierFrom: 1000,
      totalKopecks: 15_000,
    });
    expect(topUpBonus(299_999, terms, nobody).percent).toBe(15);
    expect(topUpBonus(300_000, terms, nobody)).toMatchObject({
      percent: 20,
      tierFrom: 3000,
      totalKopecks: 60_000,
    });
  });

  it('the first top-up and a waiting promo code add their percents, each rounded down alone', () => {
    const bonus = topUpBonus(99_950, terms, { firstTopUp: true, promoPercent: 7 });
    // 999,50 ₽: 10 % = 99,95 → 99; 5 % = 49,97 → 49; 7 % = 69,96 → 69.
    expect(bonus).toMatchObject({
      percentKopecks: 9_900,
      firstKopecks: 4_900,
      promoKopecks: 6_900,
      totalKopecks: 21_700,
      firstPercent: 5,
      promoPercent: 7,
    });
    expect(topUpBonus(99_950, terms, { firstTopUp: false, promoPercent: 7 }).firstKopecks).toBe(0);
  });

  it('never credits a fraction of a rouble, and never less than the base alone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 100_000_000 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 100 }),
        (amount, firstTopUp, promoPercent) => {
          const bonus = topUpBonus(amount, terms, { firstTopUp, promoPercent });
          expect(bonus.totalKopecks % 100).toBe(0);
          expect(bonus.totalKopecks).toBe(
            bonus.percentKopecks + bonus.firstKopecks + bonus.promoKopecks,
          );
          expect(bonus.percentKopecks).toBeLessThanOrEqual((amount * bonus.percent) / 100);
        },
      ),
    );
  });

  it('with no tiers the shop keeps its flat bonus', () => {
    expect(reachedTier(1_000_000, [])).toBeNull();
    const flat = { bonusPercent: 10, tiers: [], firstTopUpPercent: 0 };
    expect(topUpBonus(100_000, flat, { firstTopUp: true, promoPercent: 0 }).totalKopecks).toBe(
      10_000,
    );
  });

  it('names the rule that applied in the ledger’s words', () => {
    expect(bonusRuleText({ percent: 10, tierFrom: null, firstPercent: 0, promoPercent: 0 })).toBe(
      'Бонус 10% к пополнению',
    );
    expect(
      nbsp(bonusRuleText({ percent: 20, tierFrom: 3000, firstPercent: 5, promoPercent: 10 })),
    ).toBe('Бонус 20% (от 3 000 ₽) + 5% за первое пополнение + промокод 10%');
    expect(bonusRuleText({ percent: 10, tierFrom: null, firstPercent: 0, promoPercent: 15 })).toBe(
      'Бонус 10% + промокод 15%',
    );
    expect(bonusRuleText({ percent: 0, tierFrom: null, firstPercent: 0, promoPercent: 15 })).toBe(
      'Бонус по промокоду 15%',
    );
    expect(bonusRuleText({ percent: 0, tierFrom: null, firstPercent: 5, promoPercent: 0 })).toBe(
      'Бонус 5% за первое пополнение',
    );
  });
});
