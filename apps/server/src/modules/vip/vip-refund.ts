import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { createDeliveryRepository } from '../delivery/delivery-repository';
import { vipRevokeJob } from './vip-revoke-job';

/**
 * A refunded VIP grant that never ran: its days come off the holder's term (the same tier only: a tier
 * bought since has replaced it). A term that ends with it ends now, with its revoke commands queued,
 * since another grant of the tier may have run.
 */
export async function takeBackVip(tx: Db, userId: number, vip: { tier: string; days: number }) {
  const [row] = await tx
    .update(users)
    .set({ vipExpiresAt: sql`${users.vipExpiresAt} - make_interval(days => ${vip.days})` })
    .where(and(eq(users.id, userId), eq(users.vipStatus, vip.tier), isNotNull(users.vipExpiresAt)))
    .returning({
      steamId: users.steamId,
      serverId: users.vipServerId,
      revokeCommands: users.vipRevokeCommands,
      ended: sql<boolean>`${users.vipExpiresAt} <= now()`,
    });
  if (!row?.ended) return;
  await tx
    .update(users)
    .set({ vipStatus: null, vipExpiresAt: null, vipServerId: null, vipRevokeCommands: null })
    .where(eq(users.id, userId));
  const job = vipRevokeJob({ userId, ...row });
  if (job) await createDeliveryRepository(tx).insert([job]);
}
