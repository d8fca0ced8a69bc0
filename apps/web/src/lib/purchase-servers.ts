import { deliveryMethodOf, type PublicServer } from '@shop/shared';

export type PurchaseServer = Pick<
  PublicServer,
  'id' | 'name' | 'status' | 'playersOnline' | 'maxPlayers' | 'isPluginEnabled' | 'nextWipeAt'
>;

/**
 * SPEC §5: goods go only to a server that is online and not hidden from buyers. The shop dialog and
 * the cart both offer exactly these, so a player never picks a server the server side would refuse.
 */
export function isBuyableServer(server: PurchaseServer): boolean {
  return server.status === 'online' && deliveryMethodOf(server) !== 'hidden';
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
