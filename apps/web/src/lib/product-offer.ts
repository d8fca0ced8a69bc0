import type { Product, ProductOffer } from '@shop/shared';

/** What a product costs on a server and from when it can be bought there. */
export type Offer = Omit<ProductOffer, 'serverId'>;

export type OfferedProduct = Pick<
  Product,
  'price' | 'originalPrice' | 'salePercent' | 'saleEndsAt' | 'availableAt' | 'serverOffers'
>;

const HOUR = 3_600_000;
/** A sale ending sooner than this says when it ends: a reason to buy now, not a date to remember. */
export const SALE_ENDING_SOON_MS = 48 * HOUR;

function ownOffer(product: OfferedProduct): Offer {
  const { price, originalPrice, salePercent, saleEndsAt, availableAt } = product;
  return { price, originalPrice, salePercent, saleEndsAt, availableAt };
}

/**
 * The offer on one server: its own where a wipe makes it differ (`serverOffers`), else the product's.
 * No server yet (null): the product's own.
 */
export function offerOn(product: OfferedProduct, serverId: number | null): Offer {
  const own = product.serverOffers.find((offer) => offer.serverId === serverId);
  if (!own) return ownOffer(product);
  const { serverId: _server, ...offer } = own;
  return offer;
}

/**
 * The offer as it stands at `now`. The catalogue is fetched now and then, while a sale's end or a
 * block's end passes on screen: past them the card must already show the full price, or the button.
 */
export function offerAt(offer: Offer, now: number): Offer {
  const saleOver = offer.saleEndsAt !== null && Date.parse(offer.saleEndsAt) <= now;
  const blockOver = offer.availableAt !== null && Date.parse(offer.availableAt) <= now;
  return {
    ...offer,
    ...(saleOver && offer.originalPrice !== null
      ? { price: offer.originalPrice, originalPrice: null, salePercent: null, saleEndsAt: null }
      : {}),
    ...(blockOver ? { availableAt: null } : {}),
  };
}

export function isOnSale(offer: Offer): offer is Offer & { originalPrice: number } {
  return offer.originalPrice !== null && offer.originalPrice > offer.price;
}

/** How long the wipe block still holds, or null when the offer can be bought. */
export function blockedFor(offer: Offer, now: number): number | null {
  if (offer.availableAt === null) return null;
  const left = Date.parse(offer.availableAt) - now;
  return left > 0 ? left : null;
}

/** How long the sale still runs when it ends within SALE_ENDING_SOON_MS, else null. */
export function saleEndingIn(offer: Offer, now: number): number | null {
  if (!isOnSale(offer) || offer.saleEndsAt === null) return null;
  const left = Date.parse(offer.saleEndsAt) - now;
  return left > 0 && left <= SALE_ENDING_SOON_MS ? left : null;
}

/**
 * The offer a catalogue card shows when no server is chosen, among the servers the product can be
 * sent to (`sellingServerIds`: every server not hidden from buyers, for a product sold on all): the
 * cheapest that can be bought now, else the one whose wipe block ends first. The product's own
 * fields are the price with no server chosen, which holds on no server whose wipe changes it.
 * `serverId` names the server when the offer is its own and the others differ (a wipe sale there
 * is worth advertising), or when it is the one server the others' wipe blocks leave open.
 */
export function featuredOffer(
  product: OfferedProduct & { server: string },
  sellingServerIds: readonly number[],
  now: number,
): { offer: Offer; serverId: number | null } {
  const own = { offer: offerAt(ownOffer(product), now), serverId: null };
  if (product.server !== 'all' || sellingServerIds.length === 0) return own;
  const candidates = sellingServerIds.map((serverId) => ({
    offer: offerAt(offerOn(product, serverId), now),
    serverId,
    hasOwnOffer: product.serverOffers.some((offer) => offer.serverId === serverId),
  }));
  const open = candidates.filter(({ offer }) => blockedFor(offer, now) === null);
  // Of equal prices the plain one: a server's own offer is named only when it is the better one.
  const best =
    open.length > 0
      ? open.reduce((pick, candidate) =>
          candidate.offer.price < pick.offer.price ||
          (candidate.offer.price === pick.offer.price && pick.hasOwnOffer && !candidate.hasOwnOffer)
            ? candidate
            : pick,
        )
      : candidates.reduce((soonest, candidate) =>
          Date.parse(candidate.offer.availableAt ?? '') <
          Date.parse(soonest.offer.availableAt ?? '')
            ? candidate
            : soonest,
        );
  const othersDiffer = candidates.some(
    ({ offer }) =>
      offer.price !== best.offer.price ||
      (blockedFor(offer, now) === null) !== (blockedFor(best.offer, now) === null),
  );
  // The one server a wipe block leaves open is named too: «Сейчас только на Trio».
  const onlyOneOpen = open.length === 1 && candidates.length > 1 && open[0] === best;
  return {
    offer: best.offer,
    serverId: (best.hasOwnOffer && othersDiffer) || onlyOneOpen ? best.serverId : null,
  };
}

/**
 * Whether what the product gives is lost at a wipe: game items are. VIP and perks are not items,
 * and a product that lasts «до вайпа» says so itself.
 */
export function vanishesAtWipe(product: {
  category: string;
  vipTier: string | null;
  untilWipe: boolean;
}): boolean {
  return product.category !== 'vip' && product.vipTier === null && !product.untilWipe;
}

/**
 * Time left before the server's predicted wipe when it is closer than `warnHours` (WIPE_WARN_HOURS):
 * items bought now will be gone soon. Null otherwise, or once the predicted time has passed.
 */
export function wipeWarningIn(
  nextWipeAt: string | null,
  warnHours: number,
  now: number,
): number | null {
  if (nextWipeAt === null || warnHours <= 0) return null;
  const left = Date.parse(nextWipeAt) - now;
  return left > 0 && left < warnHours * HOUR ? left : null;
}
