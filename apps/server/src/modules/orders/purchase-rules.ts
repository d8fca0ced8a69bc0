import {
  costKopecks,
  deliveryMethodOf,
  kopecksToRoubles,
  PRICE_CHANGED,
  priceChangedMessage,
  roublesToKopecks,
} from '@shop/shared';
import type { Db } from '../../db/client';
import { badRequest, HttpError, notFound } from '../../plugins/errors';
import { debtNotice } from '../ledger/ledger';
import { checkProduct, PRODUCT_MESSAGES, type ProductLine } from '../products/product-rules';
import type { ProductRow } from '../products/products-repository';
import { priceInForce, type PriceInForce, type PricingState } from '../sales/price-in-force';
import { refuseWhileBlocked } from '../sales/purchase-pricing';
import type { ServerRow } from '../servers/servers-repository';
import { effectiveStatus } from '../servers/servers-repository';

export const PURCHASE_MESSAGES = {
  ...PRODUCT_MESSAGES,
  serverRequired: 'Выберите сервер',
  serverNotFound: 'Сервер не найден',
  serverOffline: 'Сервер сейчас недоступен. Выберите другой сервер или попробуйте позже.',
  serverHidden: 'Этот сервер не принимает покупки',
  wrongServer: 'Этот товар не продаётся для выбранного сервера',
  insufficientFunds: 'Недостаточно средств',
  emptyCart: 'Корзина пуста',
  oneVipPerOrder: 'В одном заказе может быть только один VIP-статус',
} as const;

export type PurchaseLine = ProductLine;

/**
 * The reply to a purchase of one product. Worded so that no word has to agree with the item's name
 * or the number («Дерево × 1000», «Патроны 5.56 × 384»): Russian would need a gender and a case for
 * each name otherwise.
 */
export const purchasedMessage = (name: string, quantity: number, serverName: string) =>
  `Заказ принят: ${name} × ${quantity}. Выдача на сервере ${serverName}.`;

/**
 * The refusal of a purchase the balance does not cover: while a reversed top-up left a debt, the
 * player is told so and how much is owed (ledger_post refuses every debit of a negative balance).
 */
export async function fundsRefusal(db: Db, userId: number) {
  return badRequest((await debtNotice(db, userId))?.message ?? PURCHASE_MESSAGES.insufficientFunds);
}

/** SPEC §5 on the server: everything the purchase dialog checks, checked again where it counts. */
export function checkServer(server: ServerRow | undefined): ServerRow {
  if (!server) throw notFound(PURCHASE_MESSAGES.serverNotFound);
  if (deliveryMethodOf(server) === 'hidden') throw badRequest(PURCHASE_MESSAGES.serverHidden);
  if (effectiveStatus(server) !== 'online') throw badRequest(PURCHASE_MESSAGES.serverOffline);
  return server;
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

/**
 * The line at a price in force (sales/price-in-force.ts, the rule of every path), never a price the
 * client sent; refused with 409 «Доступно через …» while the product's wipe block holds.
 */
export function applyPrice(line: PurchaseLine, price: PriceInForce, at: Date): PurchaseLine {
  refuseWhileBlocked(price, at);
  return {
    ...line,
    priceKopecks: price.priceKopecks,
    costKopecks: costKopecks(price.priceKopecks, line.quantity, line.product.stackSize),
  };
}

/** The line at the price in force for this server at `at`. */
export const priceLine = (
  line: PurchaseLine,
  server: ServerRow,
  at: Date,
  pricing: PricingState,
): PurchaseLine => applyPrice(line, priceInForce(line.product, server.id, at, pricing), at);

/**
 * The total the player confirmed (`expectedTotal`, roubles) against the one in force now: a higher
 * one refuses the purchase with 409 `price_changed` and its new total, before anything is written;
 * the same or a lower one is charged as it is. Absent: another client's purchase, nothing compared.
 */
export function confirmTotal(expectedTotal: number | undefined, totalKopecks: number): void {
  if (expectedTotal === undefined) return;
  const expectedKopecks = roublesToKopecks(expectedTotal);
  if (totalKopecks <= expectedKopecks) return;
  const total = kopecksToRoubles(totalKopecks);
  throw new HttpError(409, PRICE_CHANGED, priceChangedMessage(expectedTotal, total), { total });
}
