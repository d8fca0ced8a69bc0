import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { users } from '../../db/schema/index';
import { createDeliveryRepository } from '../delivery/delivery-repository';
import { createUsersRepository } from '../users/users-repository';
import { vipRevokeJob } from './vip-revoke-job';

/**
 * A VIP bought to last until the wipe ends at the wipe of the server it was granted on: its revoke
 * commands (resolved at purchase) are queued and the tier is cleared, as at expiry, in the caller's
 * transaction under the holder's row lock. A VIP that already ended (at its predicted expiry, or
 * replaced by another tier or server, whose revoke commands ran then) is left alone, so its
 * commands run once. So is one that a regular purchase of the same tier still pays for past the
 * wipe: the tier runs on to its date (keeping the until-wipe days in it rather than taking any of
 * the paid ones away). True when it ended here.
 */
export async function endVipAtWipe(
  tx: Db,
  holder: { id: number; steamId: string },
  vip: { tier: string; serverId: number; wipedAt: Date },
): Promise<boolean> {
  const [current] = await tx
    .select({
      status: users.vipStatus,
      serverId: users.vipServerId,
      revokeCommands: users.vipRevokeCommands,
    })
    .from(users)
    .where(eq(users.id, holder.id))
    .for('update');
  if (current?.status !== vip.tier || current.serverId !== vip.serverId) return false;
  if (await paidPastTheWipe(tx, holder.id, vip)) return false;
  const job = vipRevokeJob({
    userId: holder.id,
    steamId: holder.steamId,
    serverId: current.serverId,
    revokeCommands: current.revokeCommands,
  });
  if (job) await createDeliveryRepository(tx).insert([job]);
  await createUsersRepository(tx).clearVip(holder.id);
  return true;
}

const DAY_MS = 86_400_000;

interface VipTerm {
  bought_at: Date | string;
  tier: string;
  server_id: number;
  until_wipe: boolean;
  days: number | string;
}

/**
 * Whether the holder's regular (not until-wipe) purchases of this tier on this server, not
 * refunded, pay for it past the wipe. Their terms are chained as grantPurchasedVip chains them:
 * each runs on from the end of the one before while that still runs, else from its own purchase;
 * a purchase of another tier or server replaced the VIP, so the chain starts again after it. An
 * until-wipe purchase adds no paid days.
 */
async function paidPastTheWipe(
  tx: Db,
  holderId: number,
  vip: { tier: string; serverId: number; wipedAt: Date },
): Promise<boolean> {
  const terms = await queryRows<VipTerm>(
    tx,
    sql`select o.created_at as bought_at, p.vip_tier as tier, o.server_id, oi.until_wipe,
          p.vip_days * oi.stacks as days
        from order_items oi
        join orders o on o.id = oi.order_id
        join products p on p.id = oi.product_id
        where coalesce(o.recipient_id, o.user_id) = ${holderId} and o.status <> 'cancelled'
          and p.vip_tier is not null and p.vip_days is not null
        order by o.created_at, oi.id`,
  );
  let paidUntil = 0;
  for (const term of terms) {
    if (term.tier !== vip.tier || term.server_id !== vip.serverId) paidUntil = 0;
    else if (!term.until_wipe) {
      const boughtAt = new Date(term.bought_at).getTime();
      paidUntil = Math.max(paidUntil, boughtAt) + Number(term.days) * DAY_MS;
    }
  }
  return paidUntil > vip.wipedAt.getTime();
}
