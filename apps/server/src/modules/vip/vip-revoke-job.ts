import type { deliveryJobs } from '../../db/schema/index';
import { splitCommands } from '../delivery/delivery-plan';

/**
 * The job that ends a VIP: its revoke commands (resolved at purchase) on the server that granted it.
 * Console commands need the console, whatever the server's way of giving items, so always RCON.
 * Null when there is nothing to run.
 */
export function vipRevokeJob(vip: {
  userId: number;
  steamId: string;
  serverId: number | null;
  revokeCommands: string | null;
}): typeof deliveryJobs.$inferInsert | null {
  const commands = splitCommands(vip.revokeCommands);
  if (vip.serverId === null || commands.length === 0) return null;
  return {
    userId: vip.userId,
    serverId: vip.serverId,
    steamId: vip.steamId,
    method: 'rcon',
    payload: { kind: 'commands', itemName: 'Окончание VIP', commands },
  };
}
