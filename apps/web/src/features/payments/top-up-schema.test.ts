import { describe, expect, it } from 'vitest';
import { topUpBonus } from './bonus';
import { topUpSchema } from './top-up-schema';

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
  it('accepts a correct form', () => {
    expect(topUpSchema.safeParse(valid).success).toBe(true);
  });

  it('explains every amount problem in Russian', () => {
    expect(firstError({ amount: '' }, 'amount')).toBe('Введите сумму');
    expect(firstError({ amount: 'сто' }, 'amount')).toBe('Сумма должна быть числом');
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

  it('adds a 10% bonus rounded down, only from 10 roubles', () => {
    expect(topUpBonus(9)).toBe(0);
    expect(topUpBonus(10)).toBe(1);
    expect(topUpBonus(199)).toBe(19);
    expect(topUpBonus(15000)).toBe(1500);
  });
});
