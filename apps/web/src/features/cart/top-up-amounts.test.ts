import { describe, expect, it } from 'vitest';
import {
  bonusNote,
  cartAmountRange,
  customAmountError,
  defaultQuickTopUp,
  parseCustomAmount,
  quickTopUps,
} from './top-up-amounts';

/** The shop's terms as shipped: 10 to 15 000 roubles. */
const shipped = cartAmountRange({
  bonusPercent: 10,
  min: 10,
  max: 15000,
  tiers: [],
  firstTopUpPercent: 0,
});

describe('the cart’s own top-up amount', () => {
  it('takes 30 to 15000 roubles with the shipped terms', () => {
    expect(shipped).toEqual({ min: 30, max: 15000 });
    expect(parseCustomAmount('30', shipped)).toBe(30);
    expect(parseCustomAmount(' 15000 ', shipped)).toBe(15000);
    expect(parseCustomAmount('250,50', shipped)).toBe(250.5);
  });

  it('refuses amounts out of range, garbage and fractions of a kopeck', () => {
    for (const raw of ['29.99', '15000.01', '', 'abc', '-50', '1e3', '100.005'])
      expect(parseCustomAmount(raw, shipped)).toBeNull();
  });

  it('keeps the cart’s 30 roubles below a lower shop minimum, and follows a higher one and the maximum', () => {
    expect(
      cartAmountRange({ bonusPercent: 0, min: 1, max: 500, tiers: [], firstTopUpPercent: 0 }),
    ).toEqual({ min: 30, max: 500 });
    const own = cartAmountRange({
      bonusPercent: 0,
      min: 200,
      max: 3000,
      tiers: [],
      firstTopUpPercent: 0,
    });
    expect(own).toEqual({ min: 200, max: 3000 });
    expect(parseCustomAmount('199', own)).toBeNull();
    expect(parseCustomAmount('3000', own)).toBe(3000);
    expect(parseCustomAmount('3001', own)).toBeNull();
  });

  it('words the refusal as SPEC §5 does, with the range in force', () => {
    expect(customAmountError(shipped)).toEqual({
      title: 'Неверная сумма',
      description: 'Сумма должна быть от 30₽ до 15000₽',
    });
    expect(customAmountError({ min: 200, max: 3000 }).description).toBe(
      'Сумма должна быть от 200₽ до 3000₽',
    );
  });
});

describe('the cart’s quick amounts', () => {
  it('offers 100, 500, 1000 and 5000 with 1000 chosen under the shipped terms', () => {
    expect(quickTopUps(shipped)).toEqual([100, 500, 1000, 5000]);
    expect(defaultQuickTopUp(shipped)).toBe(1000);
  });

  it('offers only what the shop’s limits allow, choosing the nearest to 1000', () => {
    expect(quickTopUps({ min: 30, max: 800 })).toEqual([100, 500]);
    expect(defaultQuickTopUp({ min: 30, max: 800 })).toBe(500);
    expect(quickTopUps({ min: 2000, max: 15000 })).toEqual([5000]);
    expect(defaultQuickTopUp({ min: 2000, max: 15000 })).toBe(5000);
    expect(quickTopUps({ min: 30, max: 90 })).toEqual([]);
    expect(defaultQuickTopUp({ min: 30, max: 90 })).toBeNull();
  });
});

describe('the cart’s bonus line', () => {
  const terms = {
    bonusPercent: 10,
    tiers: [
      { from: 1000, percent: 15 },
      { from: 3000, percent: 20 },
    ],
  };

  it('names the percent the chosen amount earns: a tier reached replaces the base one', () => {
    expect(bonusNote(terms, 500)).toContain('бонус 10%');
    expect(bonusNote(terms, 1000)).toContain('бонус 15%');
    expect(bonusNote(terms, 5000)).toContain('бонус 20%');
  });

  it('says nothing when no bonus is given', () => {
    expect(bonusNote({ bonusPercent: 0, tiers: [] }, 1000)).toBe('');
  });
});
