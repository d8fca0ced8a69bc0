import { deliveryMethodOf, type Product, type PublicServer } from '@shop/shared';
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
import { isBuyableServer, isSoldOn, noDeliveryReason } from './purchase-servers';
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

/** A server a card can name, price a product for, and tell whether it takes deliveries now. */
export type CardServer = Pick<PublicServer, 'id' | 'name' | 'status' | 'isPluginEnabled'>;

export interface CardOffer {
  offer: Offer;
  /** The server the offer holds on when it is one server's own (a wipe sale there), else null. */
  serverId: number | null;
  /** How long the wipe block still holds, or null when the offer can be bought. */
  blockedMs: number | null;
  /** The line under the price (offerNote), and whether it counts down a sale's end. */
  note: { text: string; ending: boolean } | null;
  /** Why no server it goes to can take it now (noDeliveryReason), or null. */
  unavailable: string | null;
  now: number;
}

/**
 * What a product card offers, on Home and in the shop alike: with a server chosen in the filters,
 * that server's price and availability; otherwise the best one to be had now on the servers that
 * take deliveries (else on any not hidden from buyers), with the note that says where and how long.
 * `servers`: every server, as loaded (none yet: nothing is known to be unavailable).
 */
export function cardOffer(
  product: Product,
  servers: readonly CardServer[],
  filterServerId: number | null,
  now: number,
): CardOffer {
  const goesTo = servers.filter(
    (server) =>
      isSoldOn(product, server) && (filterServerId === null || server.id === filterServerId),
  );
  const shown = goesTo.filter((server) => deliveryMethodOf(server) !== 'hidden');
  const open = shown.filter(isBuyableServer);
  const { offer, serverId } =
    filterServerId === null
      ? featuredOffer(
          product,
          (open.length > 0 ? open : shown).map((server) => server.id),
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
    unavailable: servers.length === 0 ? null : noDeliveryReason(goesTo),
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
