import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { createDeliveryRepository } from '../delivery/delivery-repository';
import { vipRevokeJob } from './vip-revoke-job';

interface ExpiredVip {
  id: number;
  steam_id: string;
  vip_server_id: number | null;
  vip_revoke_commands: string | null;
}

/**
 * Ends VIPs whose time is up: the tier is cleared and the revoke commands (resolved at purchase) are
 * queued for the server that granted it, in one transaction, so a VIP is revoked exactly once even
 * with several shop instances running this at the same moment.
 */
export async function expireVips(app: FastifyInstance): Promise<number> {
  const expired = await app.db.transaction(async (transaction) => {
    const tx: Db = transaction;
    const expired = await queryRows<ExpiredVip>(
      tx,
      sql`
      with due as (
        select id, steam_id, vip_server_id, vip_revoke_commands from users
        where vip_status is not null and vip_expires_at <= now()
        for update skip locked)
      update users u set vip_status = null, vip_server_id = null, vip_revoke_commands = null
      from due where u.id = due.id
      returning due.id, due.steam_id, due.vip_server_id, due.vip_revoke_commands`,
    );
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
