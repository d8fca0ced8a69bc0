import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { createQueueRunner } from '../../lib/queue-runner';
import { asFailure, type DiscordClient } from '../../integrations/discord/discord-client';
import { createRoleJobs, type HeldRoleJob } from './discord-role-sync';

export interface RoleWorkerOptions {
  guildId: string;
  pollIntervalMs: number;
  leaseSeconds: number;
  batchSize: number;
}

export const ROLE_NOTES = {
  notMember: 'Игрок не состоит на сервере Discord: роль будет выдана при следующей сверке',
} as const;

const REASON = 'VIP в магазине';

/** Every role a VIP tier gives, and the one this Discord account should hold now (or null). */
async function rolePlan(db: Db, discordUserId: string) {
  const mapped = await queryRows<{ role_id: string }>(
    db,
    sql`select distinct role_id from discord_tier_roles`,
  );
  const [wanted] = await queryRows<{ role_id: string | null }>(
    db,
    sql`
    select r.role_id from discord_links l
    join users u on u.id = l.user_id
    left join discord_tier_roles r on r.tier = u.vip_status
    where l.discord_user_id = ${discordUserId}
      and u.vip_status is not null and u.vip_expires_at > now()`,
  );
  return { managed: mapped.map((row) => row.role_id), desired: wanted?.role_id ?? null };
}

/**
 * Applies role jobs: reads the member's roles, adds the tier's role if missing and removes any
 * other VIP tier's role the member holds. A Discord account no longer linked gets every VIP role
 * removed. Jobs of any process share the queue; one that fails waits and is tried again.
 */
export function createRoleWorker(
  db: Db,
  client: DiscordClient,
  log: FastifyBaseLogger,
  options: RoleWorkerOptions,
) {
  const jobs = createRoleJobs(db);

  async function apply(job: HeldRoleJob) {
    const { managed, desired } = await rolePlan(db, job.discordUserId);
    try {
      const roles = await client.memberRoles(options.guildId, job.discordUserId);
      if (roles === null) return await jobs.finish(job, ROLE_NOTES.notMember);
      if (desired && !roles.includes(desired)) {
        await client.addRole(options.guildId, job.discordUserId, desired, REASON);
      }
      for (const role of managed) {
        if (role !== desired && roles.includes(role)) {
          await client.removeRole(options.guildId, job.discordUserId, role, REASON);
        }
      }
      await jobs.finish(job, null);
    } catch (error) {
      const failure = asFailure(error);
      log.warn(
        { discordUserId: job.discordUserId, reason: failure.message },
        'discord role not synced',
      );
      await jobs.postpone(job, failure.message, failure.retryAfterMs);
    }
  }

  async function drain() {
    for (;;) {
      const claimed = await jobs.claim(options.batchSize, options.leaseSeconds);
      if (claimed.length === 0) return;
      for (const job of claimed) {
        if (runner.stopped) return;
        await apply(job).catch((error: unknown) =>
          log.error({ err: error, discordUserId: job.discordUserId }, 'discord role job crashed'),
        );
      }
    }
  }

  const runner = createQueueRunner('discord role worker', drain, log, options.pollIntervalMs);
  return runner;
}

export type RoleWorker = ReturnType<typeof createRoleWorker>;
