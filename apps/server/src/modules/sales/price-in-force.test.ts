import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  nextPriceChange,
  priceInForce,
  salePriceKopecks,
  type PricedProduct,
  type SaleTerms,
} from './price-in-force';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-03-05T12:00:00Z');
const at = (hours: number) => new Date(T0 + hours * HOUR);

const wood: PricedProduct = {
  id: 1,
  category: 'resources',
  serverId: null,
  priceKopecks: 10_000,
  wipeBlockHours: 0,
};

let ids = 0;
const sale = (fields: Partial<SaleTerms>): SaleTerms => ({
  id: (ids += 1),
  percent: 10,
  targetKind: 'all',
  category: null,
  productIds: null,
  startsAt: null,
  endsAt: null,
  afterWipeHours: null,
  serverId: null,
  ...fields,
});
const timed = (percent: number, from: number, to: number, fields: Partial<SaleTerms> = {}) =>
  sale({ percent, startsAt: at(from), endsAt: at(to), ...fields });
const afterWipe = (percent: number, serverId: number, hours: number) =>
  sale({ percent, serverId, afterWipeHours: hours });

describe('the price in force', () => {
  it('takes a timed sale exactly in [startsAt, endsAt)', () => {
    const sales = [timed(25, 0, 24)];
    const price = (when: Date) =>
      priceInForce(wood, null, when, { sales, lastWipes: new Map() }).priceKopecks;
    expect(price(new Date(T0 - 1))).toBe(10_000);
    expect(price(at(0))).toBe(7_500);
    expect(price(new Date(at(24).getTime() - 1))).toBe(7_500);
    expect(price(at(24))).toBe(10_000);
    expect(priceInForce(wood, null, at(1), { sales, lastWipes: new Map() })).toMatchObject({
      originalKopecks: 10_000,
      percent: 25,
      saleEndsAt: at(24),
      availableAt: null,
    });
  });

  it('gives the best of overlapping sales, and of equals the one that lasts longest', () => {
    const sales = [timed(10, 0, 48), timed(30, 1, 2), timed(30, 0, 5)];
    const state = { sales, lastWipes: new Map() };
    expect(priceInForce(wood, null, at(0.5), state)).toMatchObject({
      percent: 30,
      saleEndsAt: at(5),
    });
    expect(priceInForce(wood, null, at(6), state).percent).toBe(10);
  });

  it('applies a sale only to what it targets', () => {
    const state = {
      sales: [
        timed(20, 0, 1, { targetKind: 'category', category: 'weapons' }),
        timed(15, 0, 1, { targetKind: 'products', productIds: [2, 3] }),
      ],
      lastWipes: new Map(),
    };
    expect(priceInForce(wood, null, at(0.5), state).percent).toBeNull();
    expect(priceInForce({ ...wood, id: 3 }, null, at(0.5), state).percent).toBe(15);
    expect(priceInForce({ ...wood, category: 'weapons' }, null, at(0.5), state).percent).toBe(20);
  });

  it('runs a wipe sale on its server only, for its hours after the last wipe', () => {
    const state = { sales: [afterWipe(30, 7, 24)], lastWipes: new Map([[7, at(0)]]) };
    expect(priceInForce(wood, 7, at(1), state)).toMatchObject({
      priceKopecks: 7_000,
      saleEndsAt: at(24),
    });
    expect(priceInForce(wood, 8, at(1), state).percent).toBeNull();
    // An "every server" product with no server chosen: timed sales only.
    expect(priceInForce(wood, null, at(1), state).percent).toBeNull();
    expect(priceInForce(wood, 7, at(24), state).percent).toBeNull();
    // A product sold on server 7 only is priced for it, whatever server is named.
    expect(priceInForce({ ...wood, serverId: 7 }, null, at(1), state).percent).toBe(30);
    // No wipe known yet: no wipe sale.
    expect(priceInForce(wood, 7, at(1), { ...state, lastWipes: new Map() }).percent).toBeNull();
  });

  it('blocks a product for its hours after the last wipe of the server it is bought for', () => {
    const c4 = { ...wood, wipeBlockHours: 24 };
    const lastWipes = new Map([[7, at(0)]]);
    const state = { sales: [], lastWipes };
    expect(priceInForce(c4, 7, at(5), state).availableAt).toEqual(at(24));
    expect(priceInForce(c4, 7, at(24), state).availableAt).toBeNull();
    expect(priceInForce(c4, 8, at(5), state).availableAt).toBeNull();
    expect(priceInForce(c4, null, at(5), state).availableAt).toBeNull();
  });

  it('rounds the sale price half up in whole kopecks, never below one', () => {
    expect(salePriceKopecks(1_000, 33)).toBe(670);
    expect(salePriceKopecks(150, 33)).toBe(101); // 100.5 rounds up
    expect(salePriceKopecks(149, 33)).toBe(100); // 99.83
    expect(salePriceKopecks(1, 90)).toBe(1);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 90 }),
        (price, percent) => {
          const sale = salePriceKopecks(price, percent);
          expect(Number.isSafeInteger(sale)).toBe(true);
          expect(sale).toBeGreaterThanOrEqual(1);
          expect(sale).toBeLessThanOrEqual(price);
          expect(Math.abs(sale - (price * (100 - percent)) / 100)).toBeLessThanOrEqual(
            sale === 1 ? 1 : 0.5,
          );
        },
      ),
    );
  });

  it('knows the next moment a price or block can change', () => {
    const state = {
      sales: [timed(10, 2, 10), afterWipe(30, 7, 24)],
      lastWipes: new Map([[7, at(-20)]]),
    };
    expect(nextPriceChange(at(0), state, [0])).toEqual(at(2));
    expect(nextPriceChange(at(3), state, [0])).toEqual(at(4)); // the wipe sale ends
    expect(nextPriceChange(at(3), state, [6])).toEqual(at(4));
    expect(nextPriceChange(at(3), state, [1])).toEqual(at(4));
    expect(nextPriceChange(at(-19.5), state, [1])).toEqual(at(-19));
    expect(nextPriceChange(at(11), state, [0])).toBeNull();
  });
});
