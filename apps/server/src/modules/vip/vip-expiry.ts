import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createDeliveryRepository } from '../delivery/delivery-repository';
import { createUsersRepository } from '../users/users-repository';
import { vipRevokeJob } from './vip-revoke-job';

/**
 * Ends VIPs whose time is up: the tier is cleared and the revoke commands (resolved at purchase) are
 * queued for the server that granted it, in one transaction, so a VIP is revoked exactly once even
 * with several shop instances running this at the same moment.
 */
export async function expireVips(app: FastifyInstance): Promise<number> {
  const expired = await app.db.transaction(async (transaction) => {
    const tx: Db = transaction;
    const expired = await createUsersRepository(tx).clearExpiredVips();
    const jobs = expired
      .map((row) =>
        vipRevokeJob({
          userId: row.id,
          steamId: row.steam_id,
          serverId: row.vip_server_id,
          revokeCommands: row.vip_revoke_commands,
        }),
      )
      .filter((job) => job !== null);
    await createDeliveryRepository(tx).insert(jobs);
    return expired.length;
  });
  if (expired > 0) void app.delivery.worker.kick();
  return expired;
}

/** Checks for ended VIPs every minute, on the leader only. */
export function scheduleVipExpiry(app: FastifyInstance, everyMs = 60_000) {
  app.leadership.every('VIP expiry', everyMs, () => expireVips(app));
}
