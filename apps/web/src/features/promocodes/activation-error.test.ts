import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { activationErrorText, INVALID_CODE } from './activation-error';

const apiError = (status: number, message: string) => new ApiError(message, { status });

describe('promo activation error text (SPEC §8)', () => {
  it("shows the server's reason for a refused code", () => {
    expect(activationErrorText(apiError(400, 'Срок действия промокода истёк'))).toBe(
      'Срок действия промокода истёк',
    );
    expect(activationErrorText(apiError(400, 'Вы уже активировали этот промокод'))).toBe(
      'Вы уже активировали этот промокод',
    );
  });

  it('says to slow down after too many attempts', () => {
    expect(activationErrorText(apiError(429, 'Too Many Requests'))).toBe(
      'Слишком много запросов, попробуйте позже',
    );
  });

  it('falls back to the general text for everything else', () => {
    expect(activationErrorText(apiError(400, ''))).toBe(INVALID_CODE);
    expect(activationErrorText(apiError(401, 'Требуется вход в систему'))).toBe(INVALID_CODE);
    expect(activationErrorText(apiError(500, 'Внутренняя ошибка'))).toBe(INVALID_CODE);
    expect(activationErrorText(new TypeError('Failed to fetch'))).toBe(INVALID_CODE);
  });
});
