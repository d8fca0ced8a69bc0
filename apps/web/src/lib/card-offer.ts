import type { Product } from '@shop/shared';
import { countdownText } from './durations';
import {
  blockedFor,
  featuredOffer,
  isOnSale,
  offerAt,
  offerOn,
  saleEndingIn,
  type Offer,
} from './product-offer';
import { useCountdownNow } from './use-now';

/**
 * The line under the price: how long a sale still runs when it ends soon, and where a one-server
 * offer holds (a wipe sale there, or the one server not holding the product back after its wipe):
 * «Скидка ещё 5 ч 12 мин, только на Classic».
 */
export function offerNote(
  onSale: boolean,
  onlyOnServer: string | null,
  endingMs: number | null,
): string | null {
  const ending = endingMs === null ? null : `Скидка ещё ${countdownText(endingMs)}`;
  if (onlyOnServer === null) return ending;
  if (!onSale) return `Сейчас только на ${onlyOnServer}`;
  return ending ? `${ending}, только на ${onlyOnServer}` : `Скидка только на ${onlyOnServer}`;
}

/** A server a card can name and price a product for. */
export type CardServer = { id: number; name: string };

export interface CardOffer {
  offer: Offer;
  /** The server the offer holds on when it is one server's own (a wipe sale there), else null. */
  serverId: number | null;
  /** How long the wipe block still holds, or null when the offer can be bought. */
  blockedMs: number | null;
  /** The line under the price (offerNote), and whether it counts down a sale's end. */
  note: { text: string; ending: boolean } | null;
  now: number;
}

/**
 * What a product card offers, on Home and in the shop alike: with a server chosen in the filters,
 * that server's price and availability; otherwise the best one to be had now on the servers it is
 * sold to (`servers`: those not hidden from buyers), with the note that says where and how long.
 */
export function cardOffer(
  product: Product,
  servers: readonly CardServer[],
  filterServerId: number | null,
  now: number,
): CardOffer {
  const { offer, serverId } =
    filterServerId === null
      ? featuredOffer(
          product,
          servers.map((server) => server.id),
          now,
        )
      : { offer: offerAt(offerOn(product, filterServerId), now), serverId: null };
  const endingMs = saleEndingIn(offer, now);
  const onlyOn = serverId === null ? null : servers.find((server) => server.id === serverId);
  const text = offerNote(isOnSale(offer), onlyOn?.name ?? null, endingMs);
  return {
    offer,
    serverId,
    blockedMs: blockedFor(offer, now),
    note: text === null ? null : { text, ending: endingMs !== null },
    now,
  };
}

/** cardOffer, renewed as the product's sale or block counts down. */
export function useCardOffer(
  product: Product,
  servers: readonly CardServer[],
  filterServerId: number | null = null,
): CardOffer {
  const now = useCountdownNow(
    product.availableAt,
    product.saleEndsAt,
    ...product.serverOffers.flatMap((offer) => [offer.availableAt, offer.saleEndsAt]),
  );
  return cardOffer(product, servers, filterServerId, now);
}
