import { describe, expect, it } from 'vitest';
import { CUSTOM_AMOUNT_ERROR, parseCustomAmount } from './top-up-amounts';

describe('parseCustomAmount', () => {
  it('takes 30 to 15000 roubles', () => {
    expect(parseCustomAmount('30')).toBe(30);
    expect(parseCustomAmount(' 15000 ')).toBe(15000);
    expect(parseCustomAmount('250,50')).toBe(250.5);
  });

  it('refuses amounts out of range, garbage and fractions of a kopeck', () => {
    for (const raw of ['29.99', '15000.01', '', 'abc', '-50', '1e3', '100.005'])
      expect(parseCustomAmount(raw)).toBeNull();
  });

  it('words the refusal as SPEC §5 does', () => {
    expect(CUSTOM_AMOUNT_ERROR).toEqual({
      title: 'Неверная сумма',
      description: 'Сумма должна быть от 30₽ до 15000₽',
    });
  });
});
