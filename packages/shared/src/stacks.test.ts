import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_QUANTITY,
  ZERO_STACKS_MESSAGE,
  costKopecks,
  isValidQuantity,
  normalizeQuantity,
  pluralStacks,
  purchaseSummary,
  quantityBounds,
  stacksFor,
  stepQuantity,
  zeroStacksMessage,
} from './stacks';

const stackSize = fc.integer({ min: 1, max: 20_000 });
const price = fc.integer({ min: 0, max: 10_000_000 });
const quantity = fc.integer({ min: 0, max: 1_000_000 });
/** Anything a number input can produce, including junk. */
const anyRequested = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ noNaN: false }),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, -0),
);

describe('cost', () => {
  it('is exactly price × rounded-up stacks', () => {
    fc.assert(
      fc.property(price, quantity, stackSize, (p, q, s) => {
        const stacks = Math.ceil(q / s);
        expect(stacksFor(q, s)).toBe(stacks);
        expect(costKopecks(p, q, s)).toBe(p * stacks);
      }),
    );
  });

  it('is never below price × quantity / stack', () => {
    fc.assert(
      fc.property(price, quantity, stackSize, (p, q, s) => {
        // Compared as cost × stack ≥ price × quantity, which stays in integers.
        expect(BigInt(costKopecks(p, q, s)) * BigInt(s)).toBeGreaterThanOrEqual(
          BigInt(p) * BigInt(q),
        );
      }),
    );
  });

  it('counts a partial stack as a whole one', () => {
    expect(stacksFor(65, 64)).toBe(2);
    expect(stacksFor(64, 64)).toBe(1);
    expect(stacksFor(0, 64)).toBe(0);
    expect(costKopecks(5000, 1000, 1000)).toBe(5000);
    expect(costKopecks(5000, 1001, 1000)).toBe(10_000);
  });

  it('refuses non-integers, negatives and results past the safe range', () => {
    expect(() => costKopecks(10.5, 1, 1)).toThrow(RangeError);
    expect(() => costKopecks(-1, 1, 1)).toThrow(RangeError);
    expect(() => costKopecks(100, -1, 1)).toThrow(RangeError);
    expect(() => costKopecks(100, 1.5, 1)).toThrow(RangeError);
    expect(() => costKopecks(100, 1, 0)).toThrow(RangeError);
    expect(() => costKopecks(100, 1, Number.NaN)).toThrow(RangeError);
    expect(() => costKopecks(Number.MAX_SAFE_INTEGER, 2, 1)).toThrow(RangeError);
  });
});

describe('normalizeQuantity', () => {
  it('always gives a multiple of the stack within the bounds', () => {
    fc.assert(
      fc.property(anyRequested, stackSize, (requested, s) => {
        const { quantity } = normalizeQuantity(requested, s);
        const { min, max } = quantityBounds(s);
        expect(quantity % s).toBe(0);
        expect(quantity).toBeGreaterThanOrEqual(min);
        expect(quantity).toBeLessThanOrEqual(max);
        expect(quantity).toBeGreaterThanOrEqual(s);
        expect(quantity <= MAX_QUANTITY || quantity === s).toBe(true);
        expect(isValidQuantity(quantity, s)).toBe(true);
      }),
    );
  });

  it('leaves a valid quantity alone, with no message', () => {
    fc.assert(
      fc.property(stackSize, fc.integer({ min: 1, max: MAX_QUANTITY }), (s, stacks) => {
        const { max } = quantityBounds(s);
        const valid = Math.min(stacks * s, max);
        expect(normalizeQuantity(valid, s)).toEqual({
          quantity: valid,
          corrected: false,
          message: null,
        });
      }),
    );
  });

  it('reports every correction with the exact warning text', () => {
    fc.assert(
      fc.property(anyRequested, stackSize, (requested, s) => {
        const result = normalizeQuantity(requested, s);
        expect(result.corrected).toBe(!Object.is(result.quantity, requested));
        expect(result.message).toBe(
          result.corrected
            ? `Количество скорректировано до ${result.quantity} (кратно ${s})`
            : null,
        );
      }),
    );
  });

  it('rounds down to the stack and clamps into the bounds', () => {
    expect(normalizeQuantity(130, 64)).toEqual({
      quantity: 128,
      corrected: true,
      message: 'Количество скорректировано до 128 (кратно 64)',
    });
    expect(normalizeQuantity(0, 64).quantity).toBe(64);
    expect(normalizeQuantity(50_000, 64).quantity).toBe(9984);
    expect(normalizeQuantity(10_000, 1000).corrected).toBe(false);
    expect(normalizeQuantity(Number.NaN, 10)).toEqual({
      quantity: 10,
      corrected: true,
      message: 'Количество скорректировано до 10 (кратно 10)',
    });
    expect(normalizeQuantity(Infinity, 10).quantity).toBe(10);
    expect(normalizeQuantity(128.7, 64).quantity).toBe(128);
  });

  it('allows only one stack when the stack itself exceeds the maximum', () => {
    expect(quantityBounds(20_000)).toEqual({ min: 20_000, max: 20_000 });
    expect(normalizeQuantity(20_000, 20_000).corrected).toBe(false);
    expect(normalizeQuantity(40_000, 20_000).quantity).toBe(20_000);
    expect(isValidQuantity(20_000, 20_000)).toBe(true);
    expect(isValidQuantity(40_000, 20_000)).toBe(false);
  });
});

describe('isValidQuantity', () => {
  it('accepts exactly the multiples inside the bounds', () => {
    expect(isValidQuantity(128, 64)).toBe(true);
    expect(isValidQuantity(9984, 64)).toBe(true);
    expect(isValidQuantity(10_048, 64)).toBe(false);
    expect(isValidQuantity(100, 64)).toBe(false);
    expect(isValidQuantity(0, 64)).toBe(false);
    expect(isValidQuantity(64.0000001, 64)).toBe(false);
    expect(isValidQuantity(64, 0)).toBe(false);
    expect(isValidQuantity(Number.NaN, 1)).toBe(false);
  });
});

describe('stepQuantity', () => {
  it('never leaves the bounds and moves one stack when it can', () => {
    fc.assert(
      fc.property(anyRequested, stackSize, fc.constantFrom(1 as const, -1 as const), (q, s, d) => {
        const { min, max } = quantityBounds(s);
        const start = normalizeQuantity(q, s).quantity;
        const next = stepQuantity(q, s, d);
        expect(next).toBeGreaterThanOrEqual(min);
        expect(next).toBeLessThanOrEqual(max);
        expect(next % s).toBe(0);
        const blocked = (d === 1 && start === max) || (d === -1 && start === min);
        expect(next).toBe(blocked ? start : start + d * s);
      }),
    );
  });

  it('stops at the minimum and at the maximum', () => {
    expect(stepQuantity(64, 64, -1)).toBe(64);
    expect(stepQuantity(9984, 64, 1)).toBe(9984);
    expect(stepQuantity(1, 1, 1)).toBe(2);
    expect(stepQuantity(10_000, 1, 1)).toBe(10_000);
  });
});

describe('texts', () => {
  it('uses the right plural of «стак»', () => {
    const expected: Record<number, string> = {
      0: 'стаков',
      1: 'стак',
      2: 'стака',
      3: 'стака',
      4: 'стака',
      5: 'стаков',
      11: 'стаков',
      12: 'стаков',
      14: 'стаков',
      21: 'стак',
      22: 'стака',
      25: 'стаков',
      101: 'стак',
      111: 'стаков',
      112: 'стаков',
      1000: 'стаков',
      1001: 'стак',
    };
    for (const [n, word] of Object.entries(expected)) expect(pluralStacks(Number(n))).toBe(word);
  });

  it('writes the purchase summary', () => {
    expect(purchaseSummary(128, 64)).toBe('Всего предметов: 128 шт. (2 стака)');
    expect(purchaseSummary(1000, 1000)).toBe('Всего предметов: 1000 шт. (1 стак)');
    expect(purchaseSummary(5, 1)).toBe('Всего предметов: 5 шт. (5 стаков)');
    expect(purchaseSummary(21, 1)).toBe('Всего предметов: 21 шт. (21 стак)');
  });

  it('explains a quantity with no stack', () => {
    expect(zeroStacksMessage(0, 64)).toBe('Количество должно быть больше 0 (минимум 1 стак).');
    expect(ZERO_STACKS_MESSAGE).toBe('Количество должно быть больше 0 (минимум 1 стак).');
    expect(zeroStacksMessage(1, 64)).toBeNull();
  });
});
