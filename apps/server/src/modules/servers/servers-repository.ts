import { randomBytes } from 'node:crypto';
import type { AdminServer, PublicServer, ServerStatus, WipeSchedule } from '@shop/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { servers, type OnlinePlayer } from '../../db/schema/index';

export type ServerRow = typeof servers.$inferSelect;

export interface ServerFields {
  name: string;
  ip: string;
  port: number;
  rconPort: number;
  maxPlayers: number;
  map: string;
  description: string;
  rconPassword: string;
  isPluginEnabled: number;
  /** null: none; left out: as it is (an edit that does not mention it). */
  wipeSchedule?: WipeSchedule | null | undefined;
}

/** A server's last known and next predicted wipe, as the wipes module works them out. */
export interface WipeTimes {
  lastWipeAt: string | null;
  nextWipeAt: string | null;
}

export const NO_WIPE_TIMES: WipeTimes = { lastWipeAt: null, nextWipeAt: null };

export interface LinkObservation {
  online: boolean;
  playersOnline?: number;
  maxPlayers?: number;
  map?: string;
  players?: OnlinePlayer[];
  error?: string | null;
}

export const newPluginKey = () => randomBytes(24).toString('base64url');

/** An admin's maintenance or restarting wins over what the monitor sees. */
export function effectiveStatus(row: ServerRow): ServerStatus {
  return (row.statusOverride ?? row.linkStatus) as ServerStatus;
}

export function toPublicServer(row: ServerRow, wipes: WipeTimes = NO_WIPE_TIMES): PublicServer {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: effectiveStatus(row),
    ip: row.ip,
    port: row.port,
    map: row.map,
    playersOnline: row.playersOnline,
    maxPlayers: row.maxPlayers,
    isPluginEnabled: row.isPluginEnabled,
    lastWipeAt: wipes.lastWipeAt,
    nextWipeAt: wipes.nextWipeAt,
  };
}

export function toAdminServer(row: ServerRow, wipes: WipeTimes = NO_WIPE_TIMES): AdminServer {
  return {
    ...toPublicServer(row, wipes),
    rconPort: row.rconPort,
    rconPassword: row.rconPassword,
    pluginKey: row.pluginKey,
    statusOverride: row.statusOverride as AdminServer['statusOverride'],
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    lastError: row.lastError,
    wipeSchedule: row.wipeSchedule ?? null,
  };
}

/** 'maintenance' and 'restarting' are kept; 'online' or 'offline' hand the status back to the monitor. */
const overrideFor = (status: ServerStatus | undefined) =>
  status === 'maintenance' || status === 'restarting' ? status : null;

export function createServersRepository(db: Db) {
  return {
    list: () => db.select().from(servers).orderBy(asc(servers.id)),

    async findById(id: number): Promise<ServerRow | undefined> {
      const [row] = await db.select().from(servers).where(eq(servers.id, id)).limit(1);
      return row;
    },

    /**
     * Servers whose plugin key's SHA-256 begins with these 16 hex digits (the plugin's X-Key-Id):
     * the key itself never travels. Normally one; the caller checks the signature with each.
     */
    findByPluginKeyId: (keyId: string) =>
      db
        .select()
        .from(servers)
        .where(
          sql`left(encode(sha256(convert_to(${servers.pluginKey}, 'UTF8')), 'hex'), 16) = ${keyId}`,
        ),

    /** The plugin's version and the time of its last signed request, as the admin sees them. */
    async recordPluginSeen(id: number, version: string | null) {
      await db
        .update(servers)
        .set({
          pluginSeenAt: sql`now()`,
          ...(version === null ? {} : { pluginVersion: version }),
        })
        .where(eq(servers.id, id));
    },

    async findByName(name: string): Promise<ServerRow | undefined> {
      const [row] = await db.select().from(servers).where(eq(servers.name, name)).limit(1);
      return row;
    },

    async setRconEndpoint(id: number, rconPort: number, rconPassword: string) {
      await db.update(servers).set({ rconPort, rconPassword }).where(eq(servers.id, id));
    },

    async setWipeSchedule(id: number, wipeSchedule: WipeSchedule | null) {
      await db.update(servers).set({ wipeSchedule }).where(eq(servers.id, id));
    },

    async create(fields: ServerFields, status?: ServerStatus): Promise<ServerRow> {
      const [row] = await db
        .insert(servers)
        .values({
          ...fields,
          wipeSchedule: fields.wipeSchedule ?? null,
          pluginKey: newPluginKey(),
          statusOverride: overrideFor(status),
        })
        .returning();
      if (!row) throw new Error('server insert returned no row');
      return row;
    },

    async update(id: number, fields: ServerFields, status?: ServerStatus) {
      const { wipeSchedule, ...rest } = fields;
      const [row] = await db
        .update(servers)
        .set({
          ...rest,
          ...(wipeSchedule === undefined ? {} : { wipeSchedule }),
          ...(status ? { statusOverride: overrideFor(status) } : {}),
        })
        .where(eq(servers.id, id))
        .returning();
      return row;
    },

    async remove(id: number): Promise<boolean> {
      const deleted = await db
        .delete(servers)
        .where(eq(servers.id, id))
        .returning({ id: servers.id });
      return deleted.length === 1;
    },

    async regeneratePluginKey(id: number) {
      const [row] = await db
        .update(servers)
        .set({ pluginKey: newPluginKey() })
        .where(eq(servers.id, id))
        .returning();
      return row;
    },

    /** The monitor's view of a server. Offline keeps the last known map and capacity. */
    async recordObservation(id: number, seen: LinkObservation) {
      await db
        .update(servers)
        .set({
          linkStatus: seen.online ? 'online' : 'offline',
          lastCheckedAt: sql`now()`,
          lastError: seen.error ?? null,
          ...(seen.online
            ? {
                playersOnline: seen.playersOnline ?? 0,
                players: seen.players ?? [],
                ...(seen.maxPlayers ? { maxPlayers: seen.maxPlayers } : {}),
                ...(seen.map ? { map: seen.map } : {}),
              }
            : { playersOnline: 0, players: [] }),
        })
        .where(eq(servers.id, id));
    },
  };
}

export type ServersRepository = ReturnType<typeof createServersRepository>;
