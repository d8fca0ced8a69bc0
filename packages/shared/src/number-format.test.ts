import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumberRu } from './number-format';

// Node carries full ICU, so Intl is the reference the hand-written rules are held to.
const intl = (min: number, max: number) =>
  new Intl.NumberFormat('ru-RU', { minimumFractionDigits: min, maximumFractionDigits: max });

describe('formatNumberRu', () => {
  it('writes whole numbers exactly as Intl does for ru-RU', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (value) => {
        expect(formatNumberRu(value, 0, 0)).toBe(intl(0, 0).format(value));
        expect(formatNumberRu(value)).toBe(intl(0, 3).format(value));
      }),
    );
    expect(formatNumberRu(1234567)).toBe('1\u00a0234\u00a0567');
  });

  it('writes kopeck amounts with two decimals exactly as Intl does for ru-RU', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (kopecks) => {
        const roubles = kopecks / 100;
        expect(formatNumberRu(roubles, 2, 2)).toBe(intl(2, 2).format(roubles));
        expect(formatNumberRu(roubles)).toBe(intl(0, 3).format(roubles));
      }),
    );
    expect(formatNumberRu(12450.5, 2, 2)).toBe('12\u00a0450,50');
    expect(formatNumberRu(0.1 + 0.2, 2, 2)).toBe('0,30');
  });

  it('shows no minus sign on an amount that rounds to zero', () => {
    expect(formatNumberRu(-0.001, 2, 2)).toBe('0,00');
    expect(formatNumberRu(-0)).toBe('0');
  });
});
