import { costKopecks, isValidQuantity, quantityBounds, type Kopecks } from '@shop/shared';
import { badRequest, forbidden, notFound } from '../../plugins/errors';
import type { ProductRow } from '../products/products-repository';
import type { ServerRow } from '../servers/servers-repository';
import { effectiveStatus } from '../servers/servers-repository';

export const PURCHASE_MESSAGES = {
  productUnavailable: 'Товар недоступен для покупки.',
  personal: 'Нет доступа: Личный подарок!',
  serverRequired: 'Выберите сервер',
  serverNotFound: 'Сервер не найден',
  serverOffline: 'Сервер сейчас недоступен. Выберите другой сервер или попробуйте позже.',
  serverHidden: 'Этот сервер не принимает покупки',
  wrongServer: 'Этот товар не продаётся для выбранного сервера',
  insufficientFunds: 'Недостаточно средств',
  emptyCart: 'Корзина пуста',
  oneVipPerOrder: 'В одном заказе может быть только один VIP-статус',
} as const;

export interface PurchaseLine {
  product: ProductRow;
  quantity: number;
  costKopecks: Kopecks;
}

/** SPEC §5 on the server: everything the purchase dialog checks, checked again where it counts. */
export function checkServer(server: ServerRow | undefined): ServerRow {
  if (!server) throw notFound(PURCHASE_MESSAGES.serverNotFound);
  if (server.isPluginEnabled === 2) throw badRequest(PURCHASE_MESSAGES.serverHidden);
  if (effectiveStatus(server) !== 'online') throw badRequest(PURCHASE_MESSAGES.serverOffline);
  return server;
}

/** What holds for a product whatever the server: on sale, this buyer's to buy, a valid quantity. */
export function checkProduct(
  product: ProductRow | undefined,
  quantity: number,
  buyerId: number,
): PurchaseLine {
  if (!product || !product.isActive || !product.inStock) {
    throw badRequest(PURCHASE_MESSAGES.productUnavailable);
  }
  if (product.personalUserId !== null && product.personalUserId !== buyerId) {
    throw forbidden(PURCHASE_MESSAGES.personal);
  }
  if (!isValidQuantity(quantity, product.stackSize)) {
    const { min, max } = quantityBounds(product.stackSize);
    throw badRequest(
      `Количество должно быть кратно ${product.stackSize}, от ${min} до ${max} (${product.name})`,
    );
  }
  return {
    product,
    quantity,
    costKopecks: costKopecks(product.priceKopecks, quantity, product.stackSize),
  };
}

/** A product line for one server: the product's own rules, and that it is sold for this server. */
export function checkLine(
  product: ProductRow | undefined,
  quantity: number,
  server: ServerRow,
  buyerId: number,
): PurchaseLine {
  const line = checkProduct(product, quantity, buyerId);
  if (line.product.serverId !== null && line.product.serverId !== server.id) {
    throw badRequest(PURCHASE_MESSAGES.wrongServer);
  }
  return line;
}
