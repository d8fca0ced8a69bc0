import {
  costKopecks,
  isValidQuantity,
  KIT_MAX_QUANTITY,
  quantityBounds,
  type Kopecks,
} from '@shop/shared';
import { badRequest, forbidden } from '../../plugins/errors';
import type { ProductRow } from './products-repository';

export const PRODUCT_MESSAGES = {
  productUnavailable: 'Товар недоступен для покупки.',
  personal: 'Нет доступа: Личный подарок!',
  tooManyKits: (name: string) =>
    `Наборов за одну покупку — не больше ${KIT_MAX_QUANTITY} (${name})`,
} as const;

/** A product, a quantity of it, the price of a stack and what that quantity costs. */
export interface ProductLine {
  product: ProductRow;
  quantity: number;
  /** Per stack: the product's price, or the sale price once a purchase prices the line. */
  priceKopecks: Kopecks;
  costKopecks: Kopecks;
}

/**
 * SPEC §5, what holds for a product whatever the server: on sale, this buyer's to buy (a personal
 * gift is only its recipient's), a valid quantity (a kit's at most KIT_MAX_QUANTITY). The cart checks it when a line is added and the
 * purchase again where it counts.
 */
export function checkProduct(
  product: ProductRow | undefined,
  quantity: number,
  buyerId: number,
): ProductLine {
  if (!product || !product.isActive || !product.inStock) {
    throw badRequest(PRODUCT_MESSAGES.productUnavailable);
  }
  if (product.personalUserId !== null && product.personalUserId !== buyerId) {
    throw forbidden(PRODUCT_MESSAGES.personal);
  }
  if (!isValidQuantity(quantity, product.stackSize)) {
    const { min, max } = quantityBounds(product.stackSize);
    throw badRequest(
      `Количество должно быть кратно ${product.stackSize}, от ${min} до ${max} (${product.name})`,
    );
  }
  if (product.kitItems && quantity > KIT_MAX_QUANTITY) {
    throw badRequest(PRODUCT_MESSAGES.tooManyKits(product.name));
  }
  return {
    product,
    quantity,
    priceKopecks: product.priceKopecks,
    costKopecks: costKopecks(product.priceKopecks, quantity, product.stackSize),
  };
}
