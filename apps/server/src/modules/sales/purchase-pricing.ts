import { availableInText } from '@shop/shared';
import type { Db } from '../../db/client';
import { conflict } from '../../plugins/errors';
import type { PriceInForce, PricingState } from './price-in-force';
import { createSalesRepository } from './sales-repository';

/**
 * Each server's last wipe at or before a moment: the wipes module's read (wipes-repository.ts
 * lastWipesAt). Handed in rather than imported: the wipes module depends, through vip, on the
 * products module, which prices its catalogue here.
 */
export type LastWipesReader = (at: Date) => Promise<Map<number, Date>>;

/**
 * What a purchase for a server prices by, read in the purchase's own transaction: the sales that
 * may run there at `at`, with the server's last wipe at or before `at` (read by the caller in the
 * same transaction: the wipes module's lastWipesAt). So a purchase charges what holds when it runs,
 * whatever any process's cache holds.
 */
export async function readPurchasePricing(
  tx: Db,
  serverId: number,
  at: Date,
  lastWipes: ReadonlyMap<number, Date>,
): Promise<PricingState> {
  const sales = await createSalesRepository(tx).runningCandidates(serverId, at);
  return { sales, lastWipes };
}

/** The 409 of a product whose wipe block holds: «Доступно через 5 ч 12 мин». */
export function refuseWhileBlocked(price: PriceInForce, at: Date): void {
  if (price.availableAt) {
    throw conflict(availableInText(price.availableAt.getTime() - at.getTime()));
  }
}
