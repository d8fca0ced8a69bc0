import { describe, expect, it } from 'vitest';
import { purchaseCost } from './purchase-cost';

describe('purchaseCost', () => {
  it('charges per stack, a partial stack as a whole one', () => {
    expect(purchaseCost(39, 256, 128)).toBe(78);
    expect(purchaseCost(39, 129, 128)).toBe(78);
    expect(purchaseCost(149, 1, 1)).toBe(149);
  });

  it('keeps kopecks exact', () => {
    expect(purchaseCost(0.1, 3, 1)).toBe(0.3);
    expect(purchaseCost(19.99, 30, 10)).toBe(59.97);
  });
});
