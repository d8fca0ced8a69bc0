import type { CartItem, Product } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { testProduct } from '@/lib/test-product';
import { cartMoments, priceCart } from './cart-pricing';

const now = Date.parse('2026-11-26T12:00:00Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(now + hours * HOUR).toISOString();

const line = (productId: number, overrides: Partial<CartItem> = {}): CartItem => ({
  id: productId * 10,
  productId,
  name: `Товар ${productId}`,
  description: '',
  image: null,
  category: 'weapons',
  server: 'all',
  price: 100,
  quantity: 2,
  stackSize: 1,
  total: 200,
  available: true,
  ...overrides,
});

const product = (id: number, overrides: Partial<Product> = {}): Product =>
  testProduct({ id, name: `Товар ${id}`, price: 100, ...overrides });

const wipeSaleOnClassic = {
  serverId: 1,
  price: 70,
  originalPrice: 100,
  salePercent: 30,
  saleEndsAt: at(20),
  availableAt: null,
};

describe('priceCart', () => {
  it('prices each line as the chosen server sells it, and totals in kopecks', () => {
    const catalogue = [product(1, { serverOffers: [wipeSaleOnClassic] }), product(2)];
    const items = [line(1), line(2, { price: 33.33, quantity: 3, total: 99.99 })];
    const classic = priceCart(items, catalogue, 1, now);
    expect(classic.items.map((item) => item.lineTotal)).toEqual([140, 300]);
    expect(classic.items[0]?.offer).toMatchObject({ price: 70, salePercent: 30 });
    expect(classic.total).toBe(440);
    expect(priceCart(items, catalogue, 2, now).total).toBe(500);
  });

  it("keeps the cart's own price for a product the catalogue no longer lists", () => {
    const priced = priceCart([line(9, { price: 33.33, quantity: 3, total: 99.99 })], [], 1, now);
    expect(priced.items[0]).toMatchObject({ lineTotal: 99.99, offer: { price: 33.33 } });
    expect(priced.total).toBe(99.99);
  });

  it('tells game items, lost at a wipe, from VIP and what lasts until it', () => {
    const catalogue = [
      product(1),
      product(2, { untilWipe: true }),
      product(3, { vipTier: 'Gold' }),
    ];
    const priced = priceCart(
      [line(1), line(2), line(3), line(4, { category: 'vip' })],
      catalogue,
      1,
      now,
    );
    expect(priced.items.map((item) => item.vanishesAtWipe)).toEqual([true, false, false, false]);
  });

  it('counts a kit by the kit, an item by the stack', () => {
    const kit = product(1, {
      kitItems: [{ gameItemName: 'wood', name: 'Дерево', amount: 5000, image: null }],
    });
    const priced = priceCart([line(1), line(2)], [kit, product(2)], 1, now);
    expect(priced.items.map((item) => item.isKit)).toEqual([true, false]);
  });
});

describe('cartMoments', () => {
  it("lists when the chosen server's sales and blocks end", () => {
    const blocked = { ...wipeSaleOnClassic, serverId: 2, availableAt: at(3), saleEndsAt: null };
    const catalogue = [product(1, { serverOffers: [wipeSaleOnClassic, blocked] })];
    expect(cartMoments([line(1)], catalogue, 1)).toEqual([at(20), null]);
    expect(cartMoments([line(1)], catalogue, 2)).toEqual([null, at(3)]);
    expect(cartMoments([line(5)], catalogue, 2)).toEqual([]);
  });
});
