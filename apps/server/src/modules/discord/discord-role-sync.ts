import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';

/**
 * Asks for the Discord role of these shop accounts to be brought in line with their VIP, in the
 * caller's transaction: the VIP change and the request commit together, so none is lost. Accounts
 * without a linked Discord are skipped. The role job reads the VIP when it runs, so the call needs
 * nothing but the ids; call it wherever a user's VIP starts, changes tier, ends or is taken back.
 */
export async function queueDiscordRoleSync(tx: Db, userIds: number | readonly number[]) {
  const ids = [userIds].flat();
  if (ids.length === 0) return;
  await tx.execute(sql`
    insert into discord_role_jobs (discord_user_id)
    select discord_user_id from discord_links
    where user_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    on conflict (discord_user_id) do update
      set requested = discord_role_jobs.requested + 1, attempts = 0, next_attempt_at = now(),
          updated_at = now()`);
}

/** The same request by Discord account: for one just unlinked, and for the reconciliation. */
export async function queueRoleSyncByDiscordId(db: Db, discordUserIds: readonly string[]) {
  if (discordUserIds.length === 0) return;
  await db.execute(sql`
    insert into discord_role_jobs (discord_user_id)
    select unnest(${sql`array[${sql.join(
      discordUserIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::text[]`})
    on conflict (discord_user_id) do update
      set requested = discord_role_jobs.requested + 1, attempts = 0, next_attempt_at = now(),
          updated_at = now()`);
}

/** A role job as a worker claimed it: `claims` tells this claim from a later one. */
export interface HeldRoleJob {
  discordUserId: string;
  requested: number;
  claims: number;
  attempts: number;
}

const BACKOFF_BASE_S = 15;
const BACKOFF_MAX_S = 600;
/** Tries after which the panel counts a job as failing (it still goes on being retried). */
export const ROLE_JOB_FAILING_AFTER = 3;

/** 15 s, 30 s, 1 min … capped at 10 min: Discord back after an outage is caught up soon. */
export const roleRetrySeconds = (attempts: number) =>
  Math.min(BACKOFF_BASE_S * 2 ** Math.max(attempts - 1, 0), BACKOFF_MAX_S);

/** The role job queue: claims with a lease (SKIP LOCKED), fenced writes, backoff; never dropped. */
export function createRoleJobs(db: Db) {
  return {
    claim: (limit: number, leaseSeconds: number) =>
      queryRows<HeldRoleJob>(
        db,
        sql`
        update discord_role_jobs set claims = claims + 1, attempts = attempts + 1,
          lease_until = now() + make_interval(secs => ${leaseSeconds})
        where discord_user_id in (
          select discord_user_id from discord_role_jobs
          where requested > done and next_attempt_at <= now()
            and (lease_until is null or lease_until < now())
          order by next_attempt_at
          limit ${limit}
          for update skip locked)
        returning discord_user_id as "discordUserId", requested, claims, attempts`,
      ),

    /** Done up to what was requested at the claim; a request since keeps the job due. */
    finish: (job: HeldRoleJob, note: string | null) =>
      db.execute(sql`
        update discord_role_jobs set done = ${job.requested}, lease_until = null, attempts = 0,
          last_error = ${note}, updated_at = now()
        where discord_user_id = ${job.discordUserId} and claims = ${job.claims}`),

    /** Not done: due again after the backoff (or Discord's own wait, when it gave one). */
    postpone: (job: HeldRoleJob, error: string, waitMs: number | null) =>
      db.execute(sql`
        update discord_role_jobs set lease_until = null, last_error = ${error}, updated_at = now(),
          next_attempt_at = now() + make_interval(secs => ${
            waitMs !== null ? Math.ceil(waitMs / 1000) : roleRetrySeconds(job.attempts)
          })
        where discord_user_id = ${job.discordUserId} and claims = ${job.claims}`),

    async summary() {
      const [row] = await queryRows<{
        pending: number;
        failing: number;
        last_error: string | null;
      }>(
        db,
        sql`
        select count(*) filter (where requested > done)::int as pending,
          count(*) filter (where requested > done and attempts >= ${ROLE_JOB_FAILING_AFTER})::int as failing,
          (select last_error from discord_role_jobs
            where requested > done and last_error is not null
            order by updated_at desc limit 1) as last_error
        from discord_role_jobs`,
      );
      return {
        pending: row?.pending ?? 0,
        failing: row?.failing ?? 0,
        lastError: row?.last_error ?? null,
      };
    },
  };
}

export type RoleJobs = ReturnType<typeof createRoleJobs>;

/** Maps tiers to roles where no tier has a role yet (the demo's first start); false otherwise. */
export async function mapTierRolesIfUnset(db: Db, roles: Record<string, string>) {
  const [mapped] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from discord_tier_roles`,
  );
  if ((mapped?.n ?? 0) > 0) return false;
  for (const [tier, roleId] of Object.entries(roles)) {
    await db.execute(sql`insert into discord_tier_roles (tier, role_id) values (${tier}, ${roleId})
      on conflict (tier) do nothing`);
  }
  return true;
}
