import { kopecksToRoubles, roublesToKopecks, type CartItem, type Product } from '@shop/shared';
import { offerAt, offerOn, vanishesAtWipe, type Offer } from '@/lib/product-offer';
import { purchaseCost } from '@/lib/purchase-cost';

export interface PricedCartItem extends CartItem {
  /** The price and availability on the chosen server (the product's own before one is chosen). */
  offer: Offer;
  /** What the line costs at that price. */
  lineTotal: number;
  /** Game items, lost at a wipe: VIP and what lasts until the wipe are not. */
  vanishesAtWipe: boolean;
  /** A kit: priced and counted by the kit, not by the stack. */
  isKit: boolean;
}

/**
 * The cart as the chosen server sells it: the cart's lines carry one price, but a server's wipe may
 * run a sale there or hold a product back, which the catalogue's offers tell per server. A line
 * whose product the catalogue no longer lists keeps the cart's own price.
 */
export function priceCart(
  items: readonly CartItem[],
  catalogue: readonly Product[],
  serverId: number | null,
  now: number,
): { items: PricedCartItem[]; total: number } {
  const byId = new Map(catalogue.map((product) => [product.id, product]));
  const priced = items.map((item): PricedCartItem => {
    const product = byId.get(item.productId);
    const offer = product
      ? offerAt(offerOn(product, serverId), now)
      : {
          price: item.price,
          originalPrice: null,
          salePercent: null,
          saleEndsAt: null,
          availableAt: null,
        };
    return {
      ...item,
      offer,
      lineTotal: product ? purchaseCost(offer.price, item.quantity, item.stackSize) : item.total,
      vanishesAtWipe: vanishesAtWipe(
        product ?? { category: item.category, vipTier: null, untilWipe: false },
      ),
      isKit: Boolean(product?.kitItems?.length),
    };
  });
  // Summed in kopecks, as the server charges.
  const totalKopecks = priced.reduce((sum, item) => sum + roublesToKopecks(item.lineTotal), 0);
  return { items: priced, total: kopecksToRoubles(totalKopecks) };
}

/** The moments the cart's prices and availability change at on the server: sale and block ends. */
export function cartMoments(
  items: readonly CartItem[],
  catalogue: readonly Product[],
  serverId: number | null,
): (string | null)[] {
  return items.flatMap((item) => {
    const product = catalogue.find((candidate) => candidate.id === item.productId);
    if (!product) return [];
    const offer = offerOn(product, serverId);
    return [offer.saleEndsAt, offer.availableAt];
  });
}
