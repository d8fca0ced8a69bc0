import { deliveryMethodOf, type Product, type PublicServer } from '@shop/shared';

export type PurchaseServer = Pick<
  PublicServer,
  'id' | 'name' | 'status' | 'playersOnline' | 'maxPlayers' | 'isPluginEnabled' | 'nextWipeAt'
>;

/**
 * SPEC §5: goods go only to a server that is online and not hidden from buyers. The shop dialog and
 * the cart both offer exactly these, so a player never picks a server the server side would refuse.
 */
export function isBuyableServer(
  server: Pick<PurchaseServer, 'status' | 'isPluginEnabled'>,
): boolean {
  return server.status === 'online' && deliveryMethodOf(server) !== 'hidden';
}

/** Whether a product goes to this server: it is sold on every server ('all') or on this one. */
export function isSoldOn(product: Pick<Product, 'server'>, server: Pick<PurchaseServer, 'id'>) {
  return product.server === 'all' || product.server === String(server.id);
}

/**
 * Why a product cannot be bought on any of the servers it goes to (`servers`: those, whatever
 * their state, hidden ones too), in a few words for its card; null while one can take a delivery.
 */
export function noDeliveryReason(
  servers: readonly Pick<PurchaseServer, 'status' | 'isPluginEnabled'>[],
): string | null {
  if (servers.some(isBuyableServer)) return null;
  const shown = servers.filter((server) => deliveryMethodOf(server) !== 'hidden');
  if (shown.length === 0) return 'Нет серверов для доставки';
  const one = shown.length === 1;
  if (shown.every((server) => server.status === 'maintenance'))
    return one ? 'Сервер на техобслуживании' : 'Серверы на техобслуживании';
  if (shown.every((server) => server.status === 'restarting'))
    return one ? 'Сервер перезапускается' : 'Серверы перезапускаются';
  return one ? 'Сервер недоступен' : 'Серверы недоступны';
}

/** How a server reads in a delivery selector: 'RUSTY | Classic x2 (12/200)'. */
export function serverOptionLabel(
  server: Pick<PurchaseServer, 'name' | 'playersOnline' | 'maxPlayers'>,
): string {
  return `${server.name} (${server.playersOnline}/${server.maxPlayers})`;
}

/** The plugin hands goods out on /store; otherwise the shop gives them over RCON by itself. */
export function deliversByPlugin(server: Pick<PurchaseServer, 'isPluginEnabled'>): boolean {
  return deliveryMethodOf(server) === 'plugin';
}
