import { PRICE_CHANGED } from '@shop/shared';
import { ApiError } from './api-client';

/** A purchase the shop refused because its total rose since the player saw it (409 price_changed). */
export interface PriceChange {
  /** «Цена изменилась: было X ₽, стало Y ₽», from the shop. */
  message: string;
  /** The total in force now, in roubles: what the next confirmation sends. */
  total: number;
}

export function priceChangeOf(error: unknown): PriceChange | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== PRICE_CHANGED) {
    return null;
  }
  const total = (error.body as { total?: unknown } | null)?.total;
  return typeof total === 'number' && Number.isFinite(total)
    ? { message: error.message, total }
    : null;
}

/** What the player is asked after a price change, under the shop's message. */
export const PRICE_CHANGED_ASK = 'Проверьте новую цену и подтвердите покупку ещё раз.';
