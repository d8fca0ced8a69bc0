import { describe, expect, it } from 'vitest';
import { cardOffer, offerNote } from './card-offer';
import { testProduct } from './test-product';

const now = Date.parse('2026-11-26T12:00:00Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(now + hours * HOUR).toISOString();

const servers = [
  { id: 1, name: 'Classic' },
  { id: 2, name: 'Trio' },
];

/** The demo's scrap: «Неделя ресурсов» (−20 %) everywhere, and −30 % after the wipe on Classic. */
const scrap = testProduct({
  name: 'Металлолом',
  category: 'resources',
  price: 47.2,
  originalPrice: 59,
  salePercent: 20,
  saleEndsAt: at(72),
  serverOffers: [
    {
      serverId: 1,
      price: 41.3,
      originalPrice: 59,
      salePercent: 30,
      saleEndsAt: at(20),
      availableAt: null,
    },
  ],
});

describe('cardOffer', () => {
  it('offers the best price in force with the old one, and says where it holds', () => {
    const card = cardOffer(scrap, servers, null, now);
    expect(card.offer).toMatchObject({ price: 41.3, originalPrice: 59, salePercent: 30 });
    expect(card.serverId).toBe(1);
    expect(card.note).toEqual({ text: 'Скидка ещё 20 ч, только на Classic', ending: true });
    expect(card.blockedMs).toBeNull();
  });

  it("offers a chosen server's own price", () => {
    expect(cardOffer(scrap, servers, 2, now)).toMatchObject({
      offer: { price: 47.2, originalPrice: 59, salePercent: 20 },
      serverId: null,
      note: null,
    });
  });

  it("keeps the product's own price in force while the servers are not known yet", () => {
    expect(cardOffer(scrap, [], null, now).offer).toMatchObject({ price: 47.2, originalPrice: 59 });
  });

  it('says how long the wipe block still holds', () => {
    const blocked = testProduct({ server: '1', availableAt: at(5) });
    expect(cardOffer(blocked, servers, null, now).blockedMs).toBe(5 * HOUR);
  });
});

describe('offerNote', () => {
  it('puts the end of a sale and where it holds in one line', () => {
    expect(offerNote(true, null, 3 * HOUR)).toBe('Скидка ещё 3 ч');
    expect(offerNote(true, 'Classic', null)).toBe('Скидка только на Classic');
    expect(offerNote(true, 'Classic', 30 * HOUR)).toBe('Скидка ещё 1 д 6 ч, только на Classic');
    expect(offerNote(false, 'Trio', null)).toBe('Сейчас только на Trio');
    expect(offerNote(false, null, null)).toBeNull();
  });
});
