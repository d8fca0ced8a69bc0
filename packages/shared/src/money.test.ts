import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRoubles, kopecksToRoubles, roublesToKopecks } from './money';

describe('money', () => {
  it('converts roubles with up to two decimals to kopecks and back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (kopecks) => {
        expect(roublesToKopecks(kopecksToRoubles(kopecks))).toBe(kopecks);
      }),
    );
    expect(roublesToKopecks(0.1 + 0.2)).toBe(30);
    expect(roublesToKopecks(1234.5)).toBe(123450);
  });

  it('formats in Russian with the rouble sign, kopecks only when there are any', () => {
    const nbsp = (text: string) => text.replace(/\s/g, ' ');
    expect(nbsp(formatRoubles(12450.5))).toBe('12 450,50 ₽');
    expect(nbsp(formatRoubles(1000))).toBe('1 000 ₽');
    expect(formatRoubles(0)).toBe('0 ₽');
  });
});
