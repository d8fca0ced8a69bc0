import type { Db } from '../../db/client';
import { createDeliveryRepository } from '../delivery/delivery-repository';
import { createUsersRepository } from '../users/users-repository';
import { vipRevokeJob } from './vip-revoke-job';

/**
 * A refunded VIP grant that never ran: its days come off the holder's term (the same tier only: a tier
 * bought since has replaced it). A term that ends with it ends now, with its revoke commands queued,
 * since another grant of the tier may have run.
 */
export async function takeBackVip(tx: Db, userId: number, vip: { tier: string; days: number }) {
  const holders = createUsersRepository(tx);
  const row = await holders.shortenVip(userId, vip.tier, vip.days);
  if (!row?.ended) return;
  await holders.clearVip(userId);
  const job = vipRevokeJob({
    userId,
    steamId: row.steamId,
    serverId: row.serverId,
    revokeCommands: row.revokeCommands,
  });
  if (job) await createDeliveryRepository(tx).insert([job]);
}
