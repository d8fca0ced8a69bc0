import type { ServerWipe } from '@shop/shared';
import { and, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { serverWipes, wipeRevocations } from '../../db/schema/index';

export type WipeRow = typeof serverWipes.$inferSelect;

/** A wipe to record: the save's creation time (detected) or an admin's time (manual). */
export interface WipeInput {
  serverId: number;
  at: Date;
  source: 'detected' | 'manual';
  map?: string | null;
  seed?: number | null;
  worldSize?: number | null;
}

/** An until-wipe order line not yet revoked, with what revoking it takes. */
export interface UntilWipeLine {
  order_item_id: number;
  name: string;
  quantity: number;
  stacks: number;
  holder_id: number;
  holder_steam_id: string;
  revoke_commands: string | null;
  vip_tier: string | null;
  vip_days: number | null;
}

/** Orders each writer of one server's wipes after the other, so "the newest" is decided once. */
const WIPES_LOCK_CLASS = 7_203_115;

export function toServerWipe(row: WipeRow): ServerWipe {
  return {
    id: row.id,
    serverId: row.serverId,
    at: row.wipedAt.toISOString(),
    source: row.source === 'manual' ? 'manual' : 'detected',
    map: row.map,
    seed: row.seed,
    worldSize: row.worldSize,
  };
}

/** The wipes tables: the only writer of server_wipes and wipe_revocations. */
export function createWipesRepository(db: Db) {
  /** Each server's newest wipe (servers with none are absent), of these servers, at or before `at`. */
  async function newestWipes(filter: {
    at?: Date;
    serverIds?: readonly number[];
  }): Promise<Map<number, Date>> {
    const { at, serverIds } = filter;
    if (serverIds?.length === 0) return new Map();
    const rows = await db
      .select({ serverId: serverWipes.serverId, at: sql<Date>`max(${serverWipes.wipedAt})` })
      .from(serverWipes)
      .where(
        and(
          serverIds ? inArray(serverWipes.serverId, [...serverIds]) : undefined,
          at ? lte(serverWipes.wipedAt, at) : undefined,
        ),
      )
      .groupBy(serverWipes.serverId);
    return new Map(rows.map((row) => [row.serverId, new Date(row.at)]));
  }

  return {
    /**
     * Each server's last wipe the shop knows of, by server id; all servers by default. A save the
     * game's clock dates a little ahead of the shop's counts too: the servers page shows it.
     */
    lastWipes: (serverIds?: readonly number[]) => newestWipes({ serverIds }),

    /**
     * Each server's last wipe at or before `at` (a wipe marked for later has not happened yet):
     * what prices and wipe blocks go by (sales module); of these servers, all by default.
     */
    lastWipesAt: (at: Date, serverIds?: readonly number[]) => newestWipes({ at, serverIds }),

    async lastWipe(serverId: number): Promise<WipeRow | undefined> {
      const [row] = await db
        .select()
        .from(serverWipes)
        .where(eq(serverWipes.serverId, serverId))
        .orderBy(desc(serverWipes.wipedAt))
        .limit(1);
      return row;
    },

    /** Newest first; of one server and after a time when asked. */
    list(filter: { serverId?: number | undefined; since?: Date | undefined }, limit = 1_000) {
      const conditions: SQL[] = [];
      if (filter.serverId !== undefined) conditions.push(eq(serverWipes.serverId, filter.serverId));
      if (filter.since) conditions.push(gt(serverWipes.wipedAt, filter.since));
      return db
        .select()
        .from(serverWipes)
        .where(and(...conditions))
        .orderBy(desc(serverWipes.wipedAt), desc(serverWipes.id))
        .limit(limit);
    },

    /** Held to the end of the caller's transaction. */
    async lockServer(serverId: number): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${WIPES_LOCK_CLASS}, ${serverId})`);
    },

    async atTime(serverId: number, at: Date): Promise<WipeRow | undefined> {
      const [row] = await db
        .select()
        .from(serverWipes)
        .where(and(eq(serverWipes.serverId, serverId), eq(serverWipes.wipedAt, at)));
      return row;
    },

    async newerExists(serverId: number, at: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: serverWipes.id })
        .from(serverWipes)
        .where(and(eq(serverWipes.serverId, serverId), gt(serverWipes.wipedAt, at)))
        .limit(1);
      return row !== undefined;
    },

    /** The wipe, or undefined when that server's wipe at that time is already recorded. */
    async insert(wipe: WipeInput): Promise<WipeRow | undefined> {
      const [row] = await db
        .insert(serverWipes)
        .values({
          serverId: wipe.serverId,
          wipedAt: wipe.at,
          source: wipe.source,
          map: wipe.map ?? null,
          seed: wipe.seed ?? null,
          worldSize: wipe.worldSize ?? null,
        })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** An admin's mark becomes the wipe the monitor saw: the save's time, map, seed and size. */
    async confirmManual(id: number, seen: WipeInput): Promise<WipeRow | undefined> {
      const [row] = await db
        .update(serverWipes)
        .set({
          wipedAt: seen.at,
          source: 'detected',
          map: seen.map ?? null,
          seed: seen.seed ?? null,
          worldSize: seen.worldSize ?? null,
        })
        .where(and(eq(serverWipes.id, id), eq(serverWipes.source, 'manual')))
        .returning();
      return row;
    },

    /**
     * Until-wipe lines of the server's orders placed before `before`, paid and not refunded (an
     * order cancelled in full, or the line's delivery cancelled by a refund), not yet revoked.
     * Whose they are is the receiver's: a gift's recipient holds what it gave.
     */
    untilWipeLines: (serverId: number, before: Date) =>
      queryRows<UntilWipeLine>(
        db,
        sql`select oi.id as order_item_id, oi.name, oi.quantity, oi.stacks,
              u.id as holder_id, u.steam_id as holder_steam_id,
              p.revoke_commands, p.vip_tier, p.vip_days
            from order_items oi
            join orders o on o.id = oi.order_id
            join users u on u.id = coalesce(o.recipient_id, o.user_id)
            join products p on p.id = oi.product_id
            where o.server_id = ${serverId} and oi.until_wipe
              and o.created_at < ${before.toISOString()} and o.status <> 'cancelled'
              and not exists (select 1 from wipe_revocations r where r.order_item_id = oi.id)
              and not exists (select 1 from delivery_jobs j
                              where j.order_item_id = oi.id and j.status = 'cancelled')
            order by oi.id`,
      ),

    /**
     * Marks lines revoked at this wipe; returns the ones this call marked. A line another
     * transaction marked first is left out, so its revoke commands are queued once.
     */
    async claimRevocations(wipeId: number, orderItemIds: number[]): Promise<Set<number>> {
      if (orderItemIds.length === 0) return new Set();
      const rows = await db
        .insert(wipeRevocations)
        .values(orderItemIds.map((orderItemId) => ({ orderItemId, wipeId })))
        .onConflictDoNothing()
        .returning({ orderItemId: wipeRevocations.orderItemId });
      return new Set(rows.map((row) => row.orderItemId));
    },
  };
}

export type WipesRepository = ReturnType<typeof createWipesRepository>;
