import { describe, expect, it } from 'vitest';
import { bonusPreview, parseAmount, topUpSchema } from './top-up-schema';

const valid = {
  amount: '500',
  method: 'kassa',
  email: 'player@mail.ru',
  emailConfirmed: true,
} as const;

function firstError(input: Record<string, unknown>, path: string): string | undefined {
  const result = topUpSchema.safeParse({ ...valid, ...input });
  return result.success
    ? undefined
    : result.error.issues.find((issue) => issue.path[0] === path)?.message;
}

describe('top-up form rules (SPEC §5)', () => {
  it('accepts a correct form and hands back the amount as a number', () => {
    expect(topUpSchema.parse(valid)).toEqual({ ...valid, amount: 500 });
    expect(topUpSchema.parse({ ...valid, amount: ' 99,50 ' }).amount).toBe(99.5);
  });

  it('explains every amount problem in Russian', () => {
    expect(firstError({ amount: '' }, 'amount')).toBe('Введите сумму');
    expect(firstError({ amount: '   ' }, 'amount')).toBe('Введите сумму');
    expect(firstError({ amount: 'сто' }, 'amount')).toBe('Сумма должна быть числом');
    expect(firstError({ amount: '1e3' }, 'amount')).toBe('Сумма должна быть числом');
    expect(firstError({ amount: '9.99' }, 'amount')).toBe('Сумма должна быть не менее 10 рублей');
    expect(firstError({ amount: '15000.01' }, 'amount')).toBe(
      'Сумма не должна превышать 15000 рублей',
    );
    expect(firstError({ amount: '10' }, 'amount')).toBeUndefined();
    expect(firstError({ amount: '15000' }, 'amount')).toBeUndefined();
  });

  it('checks the email, its confirmation and the method', () => {
    expect(firstError({ email: '' }, 'email')).toBe('Введите email');
    expect(firstError({ email: 'player@' }, 'email')).toBe('Неверный формат email');
    expect(firstError({ emailConfirmed: false }, 'emailConfirmed')).toBe('Подтвердите email');
    expect(firstError({ method: undefined }, 'method')).toBe('Выберите способ оплаты');
  });
});

describe('parseAmount', () => {
  it('reads plain decimals with a dot or a comma, nothing else', () => {
    expect(parseAmount('500')).toBe(500);
    expect(parseAmount('12,5')).toBe(12.5);
    expect(parseAmount('0x10')).toBeNaN();
    expect(parseAmount('-20')).toBeNaN();
    expect(parseAmount('')).toBeNaN();
  });
});

describe('bonus preview (SPEC §9: 10%, rounded down to whole roubles)', () => {
  it('appears only for an amount the form accepts: 10 to 15 000 roubles, two decimals at most', () => {
    expect(bonusPreview('9.99')).toBeNull();
    expect(bonusPreview('')).toBeNull();
    expect(bonusPreview('abc')).toBeNull();
    expect(bonusPreview('20000')).toBeNull();
    expect(bonusPreview('15000.01')).toBeNull();
    expect(bonusPreview('10.001')).toBeNull();
    expect(bonusPreview('10')).toEqual({ bonus: 1, promoBonus: 0, total: 11 });
  });

  it('rounds the bonus down and adds it to the amount', () => {
    expect(bonusPreview('199')).toEqual({ bonus: 19, promoBonus: 0, total: 218 });
    expect(bonusPreview('500')).toEqual({ bonus: 50, promoBonus: 0, total: 550 });
    expect(bonusPreview('99,9')).toEqual({ bonus: 9, promoBonus: 0, total: 108.9 });
    expect(bonusPreview('15000')).toEqual({ bonus: 1500, promoBonus: 0, total: 16500 });
  });

  it('adds an activated percentage code as the server credits it', () => {
    // 50 ₽ with a 15% code: 5 ₽ of the site's bonus and 7 ₽ of the code's, 12 ₽ as the server pays.
    expect(bonusPreview('50', 15)).toEqual({ bonus: 5, promoBonus: 7, total: 62 });
    expect(bonusPreview('500', 20)).toEqual({ bonus: 50, promoBonus: 100, total: 650 });
  });
});
