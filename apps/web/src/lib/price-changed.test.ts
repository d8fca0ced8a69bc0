import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { priceChangeOf } from './price-changed';

describe('priceChangeOf', () => {
  it('reads the new total of a 409 price_changed, and nothing else', () => {
    const message = 'Цена изменилась: было 8,90 ₽, стало 89 ₽';
    const changed = new ApiError(message, {
      status: 409,
      code: 'price_changed',
      body: { error: 'price_changed', message, total: 89 },
    });
    expect(priceChangeOf(changed)).toEqual({ message, total: 89 });
    // The wipe block's 409 is another refusal: the dialog shows it and closes as before.
    const blocked = new ApiError('Доступно через 5 ч', { status: 409, code: 'conflict', body: {} });
    expect(priceChangeOf(blocked)).toBeNull();
    expect(
      priceChangeOf(new ApiError(message, { status: 409, code: 'price_changed', body: {} })),
    ).toBeNull();
    expect(priceChangeOf(new Error('x'))).toBeNull();
  });
});
