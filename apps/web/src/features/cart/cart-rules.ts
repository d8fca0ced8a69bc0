import type { CartItem } from '@shop/shared';

/** 'all' in an item's `server`: sold for every server. */
const ANY_SERVER = 'all';

/**
 * Items the chosen server would refuse: taken off sale since they were added, or sold only for
 * another server. The cart says so before the player presses buy, instead of after.
 */
export interface BlockedItem {
  id: number;
  name: string;
  reason: 'unavailable' | 'other-server';
}

export function blockedItems(
  items: readonly Pick<CartItem, 'id' | 'name' | 'server' | 'available'>[],
  serverId: number | null,
): BlockedItem[] {
  return items.flatMap((item): BlockedItem[] => {
    if (!item.available) return [{ id: item.id, name: item.name, reason: 'unavailable' }];
    if (serverId !== null && item.server !== ANY_SERVER && item.server !== String(serverId))
      return [{ id: item.id, name: item.name, reason: 'other-server' }];
    return [];
  });
}

/** The server an item is limited to, or null when it is sold for every server. */
export function itemServerId(item: Pick<CartItem, 'server'>): number | null {
  return item.server === ANY_SERVER ? null : Number(item.server);
}
