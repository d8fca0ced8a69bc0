import { kopecksToRoubles, type Product, type ProductOffer } from '@shop/shared';
import { priceInForce, type PriceInForce, type PricingState } from '../sales/price-in-force';
import type { ProductRow } from './products-repository';

type Offer = Omit<ProductOffer, 'serverId'>;

/** The price in force as the API says it: roubles, ISO times. */
function offerOf(price: PriceInForce): Offer {
  return {
    price: kopecksToRoubles(price.priceKopecks),
    originalPrice: price.originalKopecks === null ? null : kopecksToRoubles(price.originalKopecks),
    salePercent: price.percent,
    saleEndsAt: price.saleEndsAt?.toISOString() ?? null,
    availableAt: price.availableAt?.toISOString() ?? null,
  };
}

const sameOffer = (a: Offer, b: Offer) =>
  a.price === b.price &&
  a.originalPrice === b.originalPrice &&
  a.salePercent === b.salePercent &&
  a.saleEndsAt === b.saleEndsAt &&
  a.availableAt === b.availableAt;

/**
 * A product with its price in force at `at`. A product sold on one server is priced for it. A
 * product sold on every server is priced for `serverId` (the server a request filters by), else
 * with timed sales only, and lists in `serverOffers` each server (of `sellingServers`) where a wipe
 * sale or a wipe block makes its offer differ from that.
 */
export function withPriceInForce(
  product: Product,
  row: ProductRow,
  serverId: number | null,
  sellingServers: readonly number[],
  at: Date,
  state: PricingState,
): Product {
  const top = offerOf(priceInForce(row, serverId, at, state));
  const serverOffers =
    row.serverId !== null
      ? []
      : sellingServers.flatMap((id) => {
          const offer = offerOf(priceInForce(row, id, at, state));
          return sameOffer(offer, top) ? [] : [{ serverId: id, ...offer }];
        });
  return { ...product, ...top, serverOffers };
}
