import { describe, expect, it } from 'vitest';
import { topUpTermsText } from './top-up-terms-text';

const nbsp = (text: string) => text.replace(/\s/g, ' ');
const flat = { bonusPercent: 10, min: 10, max: 15000, tiers: [], firstTopUpPercent: 0 };

describe('the top-up dialog’s line of terms', () => {
  it('states the flat bonus as before, and nothing of a bonus at 0 %', () => {
    expect(topUpTermsText(flat, true)).toBe(
      'К каждому пополнению начисляется бонус 10% — он возвращает комиссию платёжной системы.',
    );
    expect(topUpTermsText({ ...flat, bonusPercent: 0 }, false)).toBe(
      'Пополнение от 10 до 15000 ₽.',
    );
  });

  it('lists the tiers from the lowest, and the first top-up’s percent only to a newcomer', () => {
    const tiered = {
      ...flat,
      tiers: [
        { from: 3000, percent: 20 },
        { from: 1000, percent: 15 },
      ],
      firstTopUpPercent: 5,
    };
    expect(nbsp(topUpTermsText(tiered, true))).toBe(
      'Бонус к пополнению 10%, от 1 000 ₽ — 15%, от 3 000 ₽ — 20%. За первое пополнение ещё +5%.',
    );
    expect(nbsp(topUpTermsText(tiered, false))).toBe(
      'Бонус к пополнению 10%, от 1 000 ₽ — 15%, от 3 000 ₽ — 20%.',
    );
  });
});
