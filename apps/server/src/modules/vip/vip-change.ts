import { jobMethodOf } from '@shop/shared';
import type { Db } from '../../db/client';
import type { deliveryJobs } from '../../db/schema/index';
import { splitCommands } from '../delivery/delivery-plan';
import { createDeliveryRepository } from '../delivery/delivery-repository';
import { queueDiscordRoleSync } from '../discord/discord-role-sync';
import { createServersRepository } from '../servers/servers-repository';
import { createUsersRepository } from '../users/users-repository';
import { createVipPeriodsRepository, type Period } from './vip-periods-repository';
import { vipRevokeJob } from './vip-revoke-job';
import { blockEnd, sameVip, settleTerms } from './vip-timeline';

export interface VipHolder {
  id: number;
  steamId: string;
}

/** What a change did to the tier the player holds in the game. */
export interface VipChange {
  before: { tier: string; serverId: number | null } | null;
  after: { tier: string; serverId: number | null; expiresAt: Date | null } | null;
  /** Terms ended by this change (run out, refunded, ended at a wipe or by hand). */
  ended: Period[];
}

type JobInsert = typeof deliveryJobs.$inferInsert;

/**
 * The one way a player's VIP changes (a purchase, gift, refund, expiry, wipe or an admin's edit):
 * under the holder's row lock, the plan is brought to `now`, `edit` reorders it or ends terms, and
 * the plan is settled again. The game follows the tier that runs: the revoke commands of the tier
 * that stopped, then the grant of the one that started (a purchase's own delivery job when it runs
 * for the first time, so its order is delivered and refunded as any other). Terms of the same tier
 * and server one after another change nothing in the game. The users row then shows the running
 * term. Whatever must follow a change of a player's tier (a notice, a role elsewhere) belongs here,
 * on the returned `before` and `after`.
 */
export async function changeVip(
  tx: Db,
  holder: VipHolder,
  edit: (live: Period[], now: number) => Period[] = (live) => live,
  /** When it happened, if not now: a purchase in the demo's history. */
  at?: Date,
): Promise<VipChange> {
  const periods = createVipPeriodsRepository(tx);
  if (!(await periods.lockHolder(holder.id))) return { before: null, after: null, ended: [] };
  const now = at?.getTime() ?? Date.now();
  const stored = await periods.live(holder.id);
  const running = stored.find((period) => period.state === 'running');
  const firstRuns = new Map(stored.map((period) => [period, period.firstStartedAt]));

  const live = settleTerms(edit(settleTerms(stored, now), now), now);
  const ended = [...stored, ...live].filter((period) => period.state === 'ended');
  const liveSet = new Set(live);
  await periods.save(
    live,
    [...new Set(ended)].filter((period) => !liveSet.has(period)),
  );

  const after = live[0];
  // Queued in this order (the worker goes by created_at): the old tier's revoke, then the grant.
  const jobs: JobInsert[] = [];
  const queuedAt = (offsetMs: number) => ({
    createdAt: new Date(now + offsetMs),
    ...(at ? { nextAttemptAt: at } : {}),
  });
  if (running && !sameVip(running, after)) {
    const job = vipRevokeJob({ ...running, userId: holder.id, steamId: holder.steamId });
    if (job) jobs.push({ ...job, ...queuedAt(0) });
  }
  if (after && after !== running) {
    const firstRun = !firstRuns.has(after) || firstRuns.get(after) === null;
    const grant = await grantJob(tx, holder, after, firstRun, !sameVip(running, after));
    if (grant) jobs.push({ ...grant, ...queuedAt(1) });
  }
  await createDeliveryRepository(tx).insert(jobs);

  const users = createUsersRepository(tx);
  if (after) {
    await users.setVip(holder.id, {
      tier: after.tier,
      expiresAt: blockEnd(live, now) ?? new Date(now),
      serverId: after.serverId,
      revokeCommands: after.revokeCommands,
    });
  } else {
    await users.clearVip(holder.id);
  }
  // The Discord role follows the tier (a job that reads the users row when it runs).
  await queueDiscordRoleSync(tx, holder.id);
  return {
    before: running ? { tier: running.tier, serverId: running.serverId } : null,
    after: after
      ? { tier: after.tier, serverId: after.serverId, expiresAt: blockEnd(live, now) }
      : null,
    ended: [...new Set(ended)],
  };
}

/**
 * The job that grants a term starting now: a purchase's own delivery job (its order's line) the
 * first time it runs; else, when the game does not hold that tier on that server yet, its grant
 * commands again (a term resuming after a higher tier, an admin's grant).
 */
async function grantJob(
  tx: Db,
  holder: VipHolder,
  term: Period,
  firstRun: boolean,
  tierChanged: boolean,
): Promise<JobInsert | null> {
  if (term.serverId === null) return null;
  const server = await createServersRepository(tx).findById(term.serverId);
  const method = server ? jobMethodOf(server) : 'rcon';
  const base = { userId: holder.id, serverId: term.serverId, steamId: holder.steamId, method };
  if (firstRun && term.grantPayload) {
    return {
      ...base,
      orderId: term.orderId,
      orderItemId: term.orderItemId,
      payload: term.grantPayload,
    };
  }
  const commands = splitCommands(term.grantCommands);
  if (!tierChanged || commands.length === 0) return null;
  return { ...base, payload: { kind: 'commands', itemName: `VIP ${term.tier}`, commands } };
}
