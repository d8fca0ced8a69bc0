import type { Product } from '@shop/shared';
import { blockedFor, offerAt, offerOn } from '@/lib/product-offer';
import type { PurchaseServer } from '@/lib/purchase-servers';
import { useCountdownNow } from '@/lib/use-now';

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
