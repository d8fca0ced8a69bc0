import { formatStacks, stacksFor, zeroStacksMessage, type Product } from '@shop/shared';
import { blockedFor, offerOn, type OfferedProduct } from '@/lib/product-offer';
import {
  deliversByPlugin,
  isBuyableServer,
  isSoldOn,
  type PurchaseServer,
} from '@/lib/purchase-servers';

/** Where this product can be delivered now: buyable servers it is sold for ('all' or that id). */
export function serversForProduct<T extends PurchaseServer>(
  product: Pick<Product, 'server'>,
  servers: readonly T[],
): T[] {
  return servers.filter((server) => isBuyableServer(server) && isSoldOn(product, server));
}

export type PurchaseStart<T> =
  { kind: 'reload' } | { kind: 'no-servers' } | { kind: 'open'; servers: T[]; serverId: number };

/**
 * SPEC §4, what a buy click does: with no servers loaded yet, load them (the player clicks again);
 * with none to deliver to, refuse before any dialog; otherwise open with the first one chosen where
 * the product can be bought now (a server just wiped may still hold it back), else the first.
 */
export function purchaseStart<T extends PurchaseServer>(
  product: Pick<Product, 'server'> & OfferedProduct,
  servers: readonly T[] | undefined,
  now = Date.now(),
): PurchaseStart<T> {
  if (!servers?.length) return { kind: 'reload' };
  const available = serversForProduct(product, servers);
  const first =
    available.find((server) => blockedFor(offerOn(product, server.id), now) === null) ??
    available[0];
  if (!first) return { kind: 'no-servers' };
  return { kind: 'open', servers: available, serverId: first.id };
}

/** SPEC §5 delivery text for the chosen server; null while no server is chosen. */
export function deliveryHint(
  server: Pick<PurchaseServer, 'isPluginEnabled'> | undefined,
  quantity: number,
  stackSize: number,
): string | null {
  const zero = zeroStacksMessage(quantity, stackSize);
  if (zero) return zero;
  if (!server) return null;
  if (deliversByPlugin(server))
    return `После покупки введите /store в игровом чате и заберите товар. Освободите место в инвентаре: ${formatStacks(stacksFor(quantity, stackSize))}.`;
  return 'Товары добавятся в инвентарь автоматически после покупки, с небольшой задержкой между стаками. Если вас нет в игре, выдача произойдёт при следующем входе на сервер.';
}
