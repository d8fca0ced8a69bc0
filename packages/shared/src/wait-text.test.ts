import { describe, expect, it } from 'vitest';
import { availableInText, formatWaitRu } from './wait-text';

const MINUTE = 60_000;

describe('wait text', () => {
  it('says hours and minutes, minutes alone under an hour, hours alone on the hour', () => {
    expect(availableInText((5 * 60 + 12) * MINUTE)).toBe('Доступно через 5 ч 12 мин');
    expect(formatWaitRu(12 * MINUTE)).toBe('12 мин');
    expect(formatWaitRu(24 * 60 * MINUTE)).toBe('24 ч');
    expect(formatWaitRu(59 * MINUTE)).toBe('59 мин');
    expect(formatWaitRu(60 * MINUTE)).toBe('1 ч');
  });

  it('rounds up to the minute, so a wait that holds never reads zero', () => {
    expect(formatWaitRu(1)).toBe('1 мин');
    expect(formatWaitRu(0)).toBe('1 мин');
    expect(formatWaitRu(12 * MINUTE + 1)).toBe('13 мин');
    expect(formatWaitRu((5 * 60 + 11) * MINUTE + 30_000)).toBe('5 ч 12 мин');
  });
});
