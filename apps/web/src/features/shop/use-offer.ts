import type { Product } from '@shop/shared';
import { blockedFor, featuredOffer, offerAt, offerOn, type Offer } from '@/lib/product-offer';
import type { PurchaseServer } from '@/lib/purchase-servers';
import { useCountdownNow } from '@/lib/use-now';

export interface CardOffer {
  offer: Offer;
  /** The server the offer holds on when it is one server's own (a wipe sale there), else null. */
  serverId: number | null;
  now: number;
}

/**
 * What a catalogue card offers: with a server chosen in the filters, that server's price and
 * availability; otherwise the best one to be had now on the servers it is sold to. Renewed as its
 * sale or block counts down.
 */
export function useCardOffer(
  product: Product,
  sellingServerIds: readonly number[],
  filterServerId: number | null,
): CardOffer {
  const now = useCountdownNow(
    product.availableAt,
    product.saleEndsAt,
    ...product.serverOffers.flatMap((offer) => [offer.availableAt, offer.saleEndsAt]),
  );
  if (filterServerId !== null)
    return { offer: offerAt(offerOn(product, filterServerId), now), serverId: null, now };
  return { ...featuredOffer(product, sellingServerIds, now), now };
}

/**
 * The purchase dialog's offer: the chosen server's own price and availability (its wipe may run a
 * sale there or still hold the product back), renewed as they and the server's wipe count down.
 */
export function useServerOffer(
  product: Product,
  server: Pick<PurchaseServer, 'id' | 'nextWipeAt'> | undefined,
) {
  const serverOffer = offerOn(product, server ? server.id : null);
  const now = useCountdownNow(serverOffer.availableAt, serverOffer.saleEndsAt, server?.nextWipeAt);
  const offer = offerAt(serverOffer, now);
  return { offer, blockedMs: blockedFor(offer, now), now };
}
