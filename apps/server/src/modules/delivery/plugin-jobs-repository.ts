import type { PluginFailReport, PluginGivenReport, PluginSavedReport } from '@shop/shared';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { deliveryJobs, type DeliveryPayload } from '../../db/schema/index';
import { mayHandOut } from './delivery-holds';
import type { DeliveryJobRow } from './delivery-repository';

/** A job's size in the plugin's units, as SQL's delivery_job_amount (migration 0013) computes it. */
export function jobAmount(payload: DeliveryPayload): number {
  if (payload.kind === 'give') return payload.stackSize * payload.stacks;
  if (payload.kind === 'kit') return payload.items.reduce((sum, line) => sum + line.amount, 0);
  return payload.commands.length;
}

/** At most this many jobs per lease: a player with more gets the rest in the next round. */
const LEASE_LIMIT = 50;
const FAILED_SHOWN = 50;

/** A failure the plugin reported without saying why. */
const FAILED_WITHOUT_REASON = 'Сервер не смог выдать (без пояснения)';

/** Shown to the player and the admin while the part lost with a crash waits to be given again. */
export const ROLLED_BACK_REASON = 'Сервер перезапустился до сохранения мира: выдадим снова';

/**
 * A list as one JSON parameter, read in SQL with jsonb_to_recordset or jsonb_array_elements_text:
 * a report of 100 jobs is one statement with one parameter, whatever its length.
 */
const asJson = (value: unknown): SQL => sql`${JSON.stringify(value)}::jsonb`;

/** This server's plugin jobs (alias `j`): another server's key never reaches a job. */
const ofServer = (serverId: number) => sql`j.server_id = ${serverId} and j.method = 'plugin'`;

/**
 * The plugin's side of the delivery queue. The plugin leases a player's jobs, gives what fits and
 * reports absolute counts (given in the live world, then saved in the world save), so a repeated or
 * late report changes nothing. Each count only rises, except after a crash (`rolledBack`), and is
 * clamped to the job's amount (`delivery_job_amount`, migration 0013). `progress` follows the saved
 * count in stacks or commands, as the rest of the shop reads it.
 */
export function createPluginJobsRepository(db: Db) {
  const rowsOf = async (ids: string[]): Promise<DeliveryJobRow[]> =>
    ids.length
      ? db
          .select()
          .from(deliveryJobs)
          .where(inArray(deliveryJobs.id, ids))
          .orderBy(deliveryJobs.createdAt)
      : [];
  const idsOf = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

  return {
    /** Which of these players has a job due on this server: waiting and its time come, or leased and the lease run out. */
    async dueFor(serverId: number, steamIds: string[]): Promise<string[]> {
      if (steamIds.length === 0) return [];
      const rows = await queryRows<{ steamId: string }>(
        db,
        sql`
        select distinct j.steam_id as "steamId" from delivery_jobs j
        where ${ofServer(serverId)}
          and j.steam_id in (select jsonb_array_elements_text(${asJson(steamIds)}))
          and ((j.status = 'pending' and j.next_attempt_at <= now())
               or (j.status = 'sending' and j.lease_until < now()))
          and ${mayHandOut}`,
      );
      return rows.map((row) => row.steamId);
    },

    /**
     * Leases a player's due jobs for `leaseSeconds`, oldest first. `manual` (the player asked) also
     * takes jobs whose retry time has not come. `inProgress` counts the player's other jobs under a
     * live lease, which another round is giving or whose reply was lost.
     */
    async lease(serverId: number, steamId: string, manual: boolean, leaseSeconds: number) {
      const claimed = await queryRows<{ id: string }>(
        db,
        sql`
        update delivery_jobs set status = 'sending', attempts = attempts + 1,
          lease_until = now() + make_interval(secs => ${leaseSeconds})
        where id in (
          select j.id from delivery_jobs j
          where ${ofServer(serverId)} and j.steam_id = ${steamId} and (
            (j.status = 'pending' and (${manual}::boolean or j.next_attempt_at <= now()))
            or (j.status = 'sending' and j.lease_until < now()))
            and ${mayHandOut}
          order by j.created_at
          limit ${LEASE_LIMIT}
          for update skip locked)
        returning id`,
      );
      const ids = idsOf(claimed);
      const [others] = await queryRows<{ count: number }>(
        db,
        sql`
        select count(*)::int as count from delivery_jobs j
        where ${ofServer(serverId)} and j.steam_id = ${steamId}
          and j.status = 'sending' and j.lease_until >= now()
          and j.id::text not in (select jsonb_array_elements_text(${asJson(ids)}))`,
      );
      return { jobs: await rowsOf(ids), inProgress: others?.count ?? 0 };
    },

    /**
     * What the live world has: all of it → `given` (waiting for the world save); less → `pending`
     * again for the rest, with the plugin's note on why it waits. The rest did not fit just now, so
     * automatic rounds offer it again after a minute (the player's /store asks at once). A repeat
     * matches no row.
     */
    async given(serverId: number, reports: PluginGivenReport[]): Promise<number> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`
        update delivery_jobs j set
          given_amount = least(greatest(j.given_amount, r.given), delivery_job_amount(j.payload)),
          status = case when greatest(j.given_amount, r.given) >= delivery_job_amount(j.payload)
                        then 'given' else 'pending' end,
          lease_until = null,
          next_attempt_at = case when greatest(j.given_amount, r.given) >= delivery_job_amount(j.payload)
                                 then j.next_attempt_at else now() + interval '60 seconds' end,
          last_error = case when greatest(j.given_amount, r.given) >= delivery_job_amount(j.payload)
                            then null else r.note end
        from jsonb_to_recordset(${asJson(reports)}) as r(id uuid, given int, note text)
        where j.id = r.id and ${ofServer(serverId)}
          and j.status in ('pending', 'sending')
          and (j.status = 'sending' or r.given > j.given_amount)
        returning j.id`,
      );
      return rows.length;
    },

    /**
     * What the saved world has: all of it → `delivered`. Returns the jobs that became delivered by
     * this call alone: a repeated or concurrent report finds them delivered already and matches none,
     * so their orders are settled once. Only a job this server leased counts: `sending` or `given`,
     * or waiting again with a part given, and then no more than that part (saved ≤ given). A job
     * never leased, or released with nothing given, is not in any world: a key that reports it saved
     * (a leaked one) would settle an order nobody received.
     */
    async saved(serverId: number, reports: PluginSavedReport[]) {
      const rows = await queryRows<{ id: string; status: string }>(
        db,
        sql`
        update delivery_jobs j set
          saved_amount = least(r.saved, delivery_job_amount(j.payload)),
          given_amount = greatest(j.given_amount, least(r.saved, delivery_job_amount(j.payload))),
          progress = delivery_job_progress(j.payload, least(r.saved, delivery_job_amount(j.payload))),
          status = case when r.saved >= delivery_job_amount(j.payload) then 'delivered' else j.status end,
          delivered_at = case when r.saved >= delivery_job_amount(j.payload) then now() end,
          lease_until = case when r.saved >= delivery_job_amount(j.payload) then null else j.lease_until end,
          last_error = case when r.saved >= delivery_job_amount(j.payload) then null else j.last_error end
        from jsonb_to_recordset(${asJson(reports)}) as r(id uuid, saved int)
        where j.id = r.id and ${ofServer(serverId)}
          and (j.status in ('sending', 'given')
               or (j.status = 'pending' and r.saved <= j.given_amount))
          and least(r.saved, delivery_job_amount(j.payload)) > j.saved_amount
        returning j.id, j.status`,
      );
      const delivered = rows.filter((row) => row.status === 'delivered');
      return { updated: rows.length, delivered: await rowsOf(idsOf(delivered)) };
    },

    /**
     * Which of these jobs this server has nothing more to do with: refunded, failed, delivered, or
     * not its own. The plugin forgets what it wrote down of them.
     */
    async closed(serverId: number, ids: string[]): Promise<string[]> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`
        select r.id from jsonb_array_elements_text(${asJson(ids)}) as r(id)
        where not exists (
          select 1 from delivery_jobs j
          where j.id::text = r.id and ${ofServer(serverId)}
            and j.status in ('pending', 'sending', 'given'))`,
      );
      return rows.map((row) => row.id);
    },

    /**
     * The game crashed before the world save: the live world lost what was given after it. Given
     * falls back to saved and the job waits again, due at once, so the rest is given again. A crash
     * never takes what a save already kept: a lower count (a journal restored from its older copy)
     * leaves saved as it is, so that part is never offered twice.
     */
    async rolledBack(serverId: number, reports: PluginSavedReport[]) {
      const rows = await queryRows<{ id: string; status: string }>(
        db,
        sql`
        update delivery_jobs j set
          saved_amount = s.saved, given_amount = s.saved,
          progress = delivery_job_progress(j.payload, s.saved),
          status = case when s.saved >= s.amount then 'delivered' else 'pending' end,
          delivered_at = case when s.saved >= s.amount then now() end,
          lease_until = null, next_attempt_at = now(),
          last_error = case when s.saved >= s.amount then null else ${ROLLED_BACK_REASON} end
        from (select r.id,
                     greatest(x.saved_amount, least(r.saved, delivery_job_amount(x.payload))) as saved,
                     delivery_job_amount(x.payload) as amount
              from jsonb_to_recordset(${asJson(reports)}) as r(id uuid, saved int)
              join delivery_jobs x on x.id = r.id) as s
        where j.id = s.id and ${ofServer(serverId)}
          and j.status in ('pending', 'sending', 'given')
          and (j.status <> 'pending' or j.given_amount <> s.saved or j.saved_amount <> s.saved)
        returning j.id, j.status`,
      );
      const delivered = rows.filter((row) => row.status === 'delivered');
      return { updated: rows.length, delivered: await rowsOf(idsOf(delivered)) };
    },

    /** Leased jobs nothing was given of this round: waiting again, for automatic rounds after `retrySeconds`. */
    async release(serverId: number, ids: string[], reason: string, retrySeconds: number) {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`
        update delivery_jobs j set status = 'pending', lease_until = null,
          last_error = ${reason || null},
          next_attempt_at = now() + make_interval(secs => ${retrySeconds})
        where ${ofServer(serverId)} and j.status = 'sending'
          and j.id::text in (select jsonb_array_elements_text(${asJson(ids)}))
        returning j.id`,
      );
      return rows.length;
    },

    /** Jobs this server cannot give: failed with the plugin's reason, for the admin to retry or refund. */
    async fail(serverId: number, reports: PluginFailReport[]) {
      const rows = await queryRows<{ id: string; orderId: string | null; reason: string }>(
        db,
        sql`
        update delivery_jobs j set status = 'failed', lease_until = null,
          last_error = coalesce(nullif(r.reason, ''), ${FAILED_WITHOUT_REASON}), failed_at = now()
        from jsonb_to_recordset(${asJson(reports)}) as r(id uuid, reason text)
        where j.id = r.id and ${ofServer(serverId)} and j.status in ('pending', 'sending')
        returning j.id, j.order_id as "orderId", j.last_error as reason`,
      );
      return rows;
    },

    /** The admin's view of a server's plugin jobs: how many wait, how many await the save, the latest failures. */
    async summary(serverId: number) {
      const [counts] = await queryRows<{ queued: number; awaitingSave: number }>(
        db,
        sql`
        select count(*) filter (where j.status in ('pending', 'sending'))::int as queued,
               count(*) filter (where j.status = 'given')::int as "awaitingSave"
        from delivery_jobs j where ${ofServer(serverId)}`,
      );
      const failed = await db
        .select()
        .from(deliveryJobs)
        .where(
          and(
            eq(deliveryJobs.serverId, serverId),
            eq(deliveryJobs.method, 'plugin'),
            eq(deliveryJobs.status, 'failed'),
          ),
        )
        .orderBy(desc(sql`coalesce(${deliveryJobs.failedAt}, ${deliveryJobs.createdAt})`))
        .limit(FAILED_SHOWN);
      return { queued: counts?.queued ?? 0, awaitingSave: counts?.awaitingSave ?? 0, failed };
    },
  };
}

export type PluginJobsRepository = ReturnType<typeof createPluginJobsRepository>;
