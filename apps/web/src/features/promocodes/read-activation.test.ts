import { describe, expect, it } from 'vitest';
import { parseBonus, readActivation } from './read-activation';

describe('promo activation reply', () => {
  it('reads the success mark and the bonus from a text reply', () => {
    expect(readActivation('Промокод активирован! Начислено 150₽')).toEqual({
      success: true,
      message: 'Промокод активирован! Начислено 150₽',
      bonus: 150,
    });
  });

  it('reads a JSON reply', () => {
    expect(
      readActivation({ success: true, message: 'Промокод активирован', bonus: 50 }),
    ).toMatchObject({
      success: true,
      bonus: 50,
    });
    expect(readActivation({ success: false, message: 'Промокод истёк' })).toMatchObject({
      success: false,
    });
  });

  it('parses grouped and decimal amounts', () => {
    expect(parseBonus('Начислено 1 500,50 ₽')).toBe(1500.5);
    expect(parseBonus('без бонуса')).toBeNull();
  });
});
