import type { CartItem } from '@shop/shared';
import { blockedFor, type Offer } from '@/lib/product-offer';

/** 'all' in an item's `server`: sold for every server. */
const ANY_SERVER = 'all';

/**
 * Items the chosen server would refuse: taken off sale since they were added, sold only for
 * another server, or still held back after that server's wipe. The cart says so before the player
 * presses buy, instead of after.
 */
export type BlockedItem = { id: number; name: string } & (
  { reason: 'unavailable' } | { reason: 'other-server' } | { reason: 'wipe-block'; leftMs: number }
);

export function blockedItems(
  items: readonly (Pick<CartItem, 'id' | 'name' | 'server' | 'available'> & { offer?: Offer })[],
  serverId: number | null,
  now = Date.now(),
): BlockedItem[] {
  return items.flatMap((item): BlockedItem[] => {
    const { id, name } = item;
    if (!item.available) return [{ id, name, reason: 'unavailable' }];
    if (serverId === null) return [];
    if (item.server !== ANY_SERVER && item.server !== String(serverId))
      return [{ id, name, reason: 'other-server' }];
    const leftMs = item.offer ? blockedFor(item.offer, now) : null;
    return leftMs === null ? [] : [{ id, name, reason: 'wipe-block', leftMs }];
  });
}

/** The server an item is limited to, or null when it is sold for every server. */
export function itemServerId(item: Pick<CartItem, 'server'>): number | null {
  return item.server === ANY_SERVER ? null : Number(item.server);
}
