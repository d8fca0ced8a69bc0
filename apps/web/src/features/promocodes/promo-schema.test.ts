import { describe, expect, it } from 'vitest';
import { simplePromoSchema, strictPromoSchema } from './promo-schema';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('promo code validation', () => {
  it('requires a code', () => {
    expect(firstMessage(strictPromoSchema.safeParse({ code: '  ' }))).toBe('Введите промокод');
    expect(firstMessage(simplePromoSchema.safeParse({ code: '' }))).toBe('Введите промокод');
  });

  it('accepts 4-20 capitals, digits and hyphens on the profile', () => {
    expect(strictPromoSchema.safeParse({ code: 'WIPE-2025' }).success).toBe(true);
    for (const bad of ['ABC', 'abcd', 'A'.repeat(21), 'BONUS_1', 'БОНУС']) {
      expect(firstMessage(strictPromoSchema.safeParse({ code: bad }))).toBe(
        'Промокод должен содержать только заглавные буквы, цифры и дефисы (4-20 символов)',
      );
    }
  });

  it('leaves the shape to the server on the promo page, upper-casing what was typed', () => {
    expect(simplePromoSchema.parse({ code: ' gift-100 ' })).toEqual({ code: 'GIFT-100' });
    expect(simplePromoSchema.safeParse({ code: 'ABC' }).success).toBe(true);
  });
});
