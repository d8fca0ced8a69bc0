import { promoActivateSchema } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { checkPromoSimple, checkPromoStrict, normalizePromoCode } from './promo-code-check';

describe('promo code validation', () => {
  it('requires a code', () => {
    expect(checkPromoStrict('  ')).toBe('Введите промокод');
    expect(checkPromoSimple('')).toBe('Введите промокод');
    expect(checkPromoSimple('   ')).toBe('Введите промокод');
  });

  it('accepts 4-20 capitals, digits and hyphens on the profile', () => {
    expect(checkPromoStrict('WIPE-2025')).toBe(true);
    for (const bad of ['ABC', 'abcd', 'A'.repeat(21), 'BONUS_1', 'БОНУС']) {
      expect(checkPromoStrict(bad)).toBe(
        'Промокод должен содержать только заглавные буквы, цифры и дефисы (4-20 символов)',
      );
    }
  });

  it('leaves the shape to the server on the promo page, upper-casing what was typed', () => {
    expect(normalizePromoCode(' gift-100 ')).toBe('GIFT-100');
    expect(checkPromoSimple('ABC')).toBe(true);
  });

  it('lets through exactly what the server accepts on the promo page', () => {
    for (const code of ['', ' ', 'a', ' gift-100 ', 'X'.repeat(40), 'X'.repeat(41), 'код']) {
      const server = promoActivateSchema.safeParse({ code });
      expect(checkPromoSimple(code) === true, JSON.stringify(code)).toBe(server.success);
      if (server.success) expect(normalizePromoCode(code)).toBe(server.data.code);
    }
  });
});
