import { describe, expect, it } from 'vitest';
import { shortfall } from './balance';

describe('shortfall', () => {
  it('is what the balance lacks, never negative', () => {
    expect(shortfall(100, 178)).toBe(78);
    expect(shortfall(500, 178)).toBe(0);
    expect(shortfall(178, 178)).toBe(0);
  });

  it('counts in kopecks, so an exactly covering balance is never short', () => {
    expect(shortfall(0.3, 0.1 + 0.2)).toBe(0);
    expect(shortfall(10.1, 10.2)).toBe(0.1);
  });
});
