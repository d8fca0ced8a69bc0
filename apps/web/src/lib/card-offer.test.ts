import { describe, expect, it } from 'vitest';
import { cardOffer, offerNote, type CardServer } from './card-offer';
import { testProduct } from './test-product';

const now = Date.parse('2026-11-26T12:00:00Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(now + hours * HOUR).toISOString();

const server = (id: number, name: string, state: Partial<CardServer> = {}): CardServer => ({
  id,
  name,
  status: 'online',
  isPluginEnabled: 0,
  ...state,
});
const servers = [server(1, 'Classic'), server(2, 'Trio')];

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

describe('cardOffer on servers that take no deliveries', () => {
  const maintenance = { status: 'maintenance' } as const;

  it('says why, in a few words, when no server it goes to takes deliveries', () => {
    const both = [server(1, 'Classic', maintenance), server(2, 'Trio', maintenance)];
    expect(cardOffer(scrap, both, null, now).unavailable).toBe('Серверы на техобслуживании');
    expect(cardOffer(testProduct({ server: '2' }), both, null, now).unavailable).toBe(
      'Сервер на техобслуживании',
    );
    const down = [server(1, 'Classic', { status: 'offline' }), server(2, 'Trio', maintenance)];
    expect(cardOffer(scrap, down, null, now).unavailable).toBe('Серверы недоступны');
    // Its one server hidden from buyers, or gone: nowhere to deliver to.
    const hidden = [server(1, 'Classic', { isPluginEnabled: 2 }), server(2, 'Trio')];
    expect(cardOffer(testProduct({ server: '1' }), hidden, null, now).unavailable).toBe(
      'Нет серверов для доставки',
    );
    expect(cardOffer(testProduct({ server: '9' }), servers, null, now).unavailable).toBe(
      'Нет серверов для доставки',
    );
  });

  it('is available while one server takes deliveries, and priced there', () => {
    const card = cardOffer(
      scrap,
      [server(1, 'Classic', maintenance), server(2, 'Trio')],
      null,
      now,
    );
    expect(card.unavailable).toBeNull();
    // The −30 % holds on Classic, which takes nothing now: the card offers Trio's price.
    expect(card.offer.price).toBe(47.2);
    expect(card.note).toBeNull();
  });

  it('holds a product back where the open server is still blocked after its wipe', () => {
    const blockedOnTrio = testProduct({
      serverOffers: [
        {
          serverId: 2,
          price: 250,
          originalPrice: null,
          salePercent: null,
          saleEndsAt: null,
          availableAt: at(5),
        },
      ],
    });
    const card = cardOffer(
      blockedOnTrio,
      [server(1, 'Classic', maintenance), server(2, 'Trio')],
      null,
      now,
    );
    expect(card.unavailable).toBeNull();
    expect(card.blockedMs).toBe(5 * HOUR);
  });

  it("says why for the server chosen in the filters, whatever the others' state", () => {
    const classicDown = [server(1, 'Classic', maintenance), server(2, 'Trio')];
    expect(cardOffer(scrap, classicDown, 1, now).unavailable).toBe('Сервер на техобслуживании');
    expect(cardOffer(scrap, classicDown, 2, now).unavailable).toBeNull();
  });

  it('claims nothing while the servers are not loaded yet', () => {
    expect(cardOffer(scrap, [], null, now).unavailable).toBeNull();
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
