import { describe, expect, it } from 'vitest';
import {
  blockedFor,
  featuredOffer,
  isOnSale,
  offerAt,
  offerOn,
  saleEndingIn,
  vanishesAtWipe,
  wipeWarningIn,
  type OfferedProduct,
} from './product-offer';

const now = Date.parse('2026-11-26T12:00:00Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(now + hours * HOUR).toISOString();

const plain: OfferedProduct = {
  price: 1000,
  originalPrice: null,
  salePercent: null,
  saleEndsAt: null,
  availableAt: null,
  serverOffers: [],
};
const saleOnClassic = { serverId: 1, price: 700, originalPrice: 1000, salePercent: 30 };
const blockedOnTrio = { serverId: 2, price: 1000, originalPrice: null, salePercent: null };

describe('offerOn', () => {
  it("takes a server's own offer where its wipe makes one, else the product's", () => {
    const product: OfferedProduct = {
      ...plain,
      serverOffers: [
        { ...saleOnClassic, saleEndsAt: at(20), availableAt: null },
        { ...blockedOnTrio, saleEndsAt: null, availableAt: at(5) },
      ],
    };
    expect(offerOn(product, 1)).toMatchObject({ price: 700, salePercent: 30 });
    expect(offerOn(product, 2)).toMatchObject({ price: 1000, availableAt: at(5) });
    expect(offerOn(product, 3)).toMatchObject({ price: 1000, availableAt: null });
    expect(offerOn(product, null)).not.toHaveProperty('serverOffers');
  });
});

describe('offerAt', () => {
  it('drops a sale past its end and a block past its time', () => {
    const offer = { ...plain, price: 700, originalPrice: 1000, salePercent: 30 };
    expect(offerAt({ ...offer, saleEndsAt: at(-1) }, now)).toMatchObject({
      price: 1000,
      originalPrice: null,
      salePercent: null,
    });
    expect(offerAt({ ...offer, saleEndsAt: at(1) }, now)).toMatchObject({ price: 700 });
    expect(offerAt({ ...plain, availableAt: at(-0.01) }, now).availableAt).toBeNull();
    expect(offerAt({ ...plain, availableAt: at(2) }, now).availableAt).toBe(at(2));
  });
});

describe('sale and block state', () => {
  it('tells a sale by its original price', () => {
    expect(isOnSale({ ...plain, price: 700, originalPrice: 1000 })).toBe(true);
    expect(isOnSale(plain)).toBe(false);
  });

  it('says how long a block holds, null once it is over', () => {
    expect(blockedFor({ ...plain, availableAt: at(5) }, now)).toBe(5 * HOUR);
    expect(blockedFor({ ...plain, availableAt: at(-1) }, now)).toBeNull();
    expect(blockedFor(plain, now)).toBeNull();
  });

  it("counts a sale's end down only within two days", () => {
    const sale = { ...plain, price: 700, originalPrice: 1000 };
    expect(saleEndingIn({ ...sale, saleEndsAt: at(30) }, now)).toBe(30 * HOUR);
    expect(saleEndingIn({ ...sale, saleEndsAt: at(72) }, now)).toBeNull();
    expect(saleEndingIn({ ...sale, saleEndsAt: null }, now)).toBeNull();
  });
});

describe('featuredOffer', () => {
  const everywhere = { ...plain, server: 'all' };
  const saleThere = { ...saleOnClassic, saleEndsAt: at(20), availableAt: null };
  const blockThere = { ...blockedOnTrio, saleEndsAt: null, availableAt: at(5) };

  it("advertises a server's wipe sale, naming the server", () => {
    const product = { ...everywhere, serverOffers: [saleThere] };
    expect(featuredOffer(product, [1, 2], now)).toMatchObject({
      serverId: 1,
      offer: { price: 700 },
    });
  });

  it('shows the plain offer while servers sell at it, and skips servers still blocked', () => {
    const product = { ...everywhere, serverOffers: [blockThere] };
    expect(featuredOffer(product, [1, 2, 3], now)).toMatchObject({
      serverId: null,
      offer: { price: 1000, availableAt: null },
    });
    // The one server left open is named: «Сейчас только на …».
    expect(featuredOffer(product, [1, 2], now)).toMatchObject({
      serverId: 1,
      offer: { price: 1000, availableAt: null },
    });
  });

  it('counts a server without an own offer as selling at the plain one', () => {
    const product = {
      ...everywhere,
      serverOffers: [blockThere, { ...blockThere, serverId: 3, availableAt: at(8) }],
    };
    expect(featuredOffer(product, [2, 3, 4, 5], now)).toMatchObject({
      serverId: null,
      offer: { availableAt: null },
    });
    expect(featuredOffer({ ...everywhere, serverOffers: [blockThere] }, [2], now)).toMatchObject({
      offer: { availableAt: at(5) },
    });
  });

  it('names the one server it can be bought on while the others are blocked', () => {
    const product = {
      ...everywhere,
      serverOffers: [blockThere, { ...saleThere, serverId: 3 }],
    };
    expect(featuredOffer(product, [2, 3], now)).toMatchObject({ serverId: 3 });
  });

  it('is blocked when every server it goes to still holds it, ending first where it ends first', () => {
    const product = {
      ...everywhere,
      serverOffers: [blockThere, { ...blockThere, serverId: 3, availableAt: at(8) }],
    };
    expect(featuredOffer(product, [2, 3], now)).toMatchObject({
      serverId: null,
      offer: { availableAt: at(5) },
    });
  });

  it("takes a one-server product's own fields, priced for its server", () => {
    const product = { ...plain, server: '2', availableAt: at(5) };
    const { serverOffers: _none, ...fields } = plain;
    expect(featuredOffer(product, [1, 2], now)).toEqual({
      serverId: null,
      offer: { ...fields, availableAt: at(5) },
    });
  });
});

describe('wipe warnings', () => {
  it('warns of items only, not of VIP or what lasts until the wipe anyway', () => {
    expect(vanishesAtWipe({ category: 'weapons', vipTier: null, untilWipe: false })).toBe(true);
    expect(vanishesAtWipe({ category: 'vip', vipTier: null, untilWipe: false })).toBe(false);
    expect(vanishesAtWipe({ category: 'kits', vipTier: 'Gold', untilWipe: false })).toBe(false);
    expect(vanishesAtWipe({ category: 'kits', vipTier: null, untilWipe: true })).toBe(false);
  });

  it('counts down to a predicted wipe closer than the warning hours', () => {
    expect(wipeWarningIn(at(2), 6, now)).toBe(2 * HOUR);
    expect(wipeWarningIn(at(7), 6, now)).toBeNull();
    expect(wipeWarningIn(at(-1), 6, now)).toBeNull();
    expect(wipeWarningIn(null, 6, now)).toBeNull();
    expect(wipeWarningIn(at(2), 0, now)).toBeNull();
  });
});
