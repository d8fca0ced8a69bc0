import { formatRoubles } from './money';

/**
 * Plain values of confirmed prices, paged history and held orders, apart from their schemas: the
 * player's pages read them without loading the schema library (decision 0013).
 */

/** The error code of a purchase refused because its total rose since the player saw it. */
export const PRICE_CHANGED = 'price_changed';

export const priceChangedMessage = (was: number, now: number) =>
  `Цена изменилась: было ${formatRoubles(was)}, стало ${formatRoubles(now)}`;

/** A page of a player's history, newest first: how many rows unless asked, and at most. */
export const ORDERS_PAGE_SIZE = 100;
export const ORDERS_PAGE_MAX = 200;
export const TRANSACTIONS_PAGE_SIZE = 200;
export const TRANSACTIONS_PAGE_MAX = 500;

/**
 * Why the goods of an order a reversed top-up holds do not arrive: the player's and the admin's
 * delivery reason until the admin cancels or releases the order.
 */
export const HELD_REASON = 'Ожидает решения администратора';
