import { kopecksToRoubles, VIP_NONE, type User } from '@shop/shared';
import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { servers, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;

export interface SteamIdentity {
  steamId: string;
  username: string;
  avatar: string | null;
  /** Set from ADMIN_STEAM_IDS; undefined leaves the stored flag as an admin set it. */
  isAdmin: boolean | undefined;
}

export function createUsersRepository(db: Db) {
  return {
    /** A purchase's mark on its buyer: total spent, count, favourite server (migration 0010). */
    async recordPurchase(userId: number, serverId: number, totalKopecks: number) {
      await db.execute(sql`select users_record_purchase(${userId}, ${serverId}, ${totalKopecks})`);
    },

    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findBySteamId(steamId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.steamId, steamId)).limit(1);
      return row;
    },

    /**
     * The account of a player someone else names (a gift's recipient): the existing one untouched, or
     * a new one from their Steam name and avatar. Their first sign-in then goes through
     * `upsertFromSteam` like anyone's. Safe against two buyers creating it at once.
     */
    async ensureFromSteam(
      identity: Omit<SteamIdentity, 'isAdmin'>,
      /** When they joined, if not now (the demo's history). */
      joinedAt?: Date,
    ): Promise<UserRow> {
      await db
        .insert(users)
        .values({
          steamId: identity.steamId,
          username: identity.username,
          avatar: identity.avatar,
          ...(joinedAt ? { joinedAt, lastSeenAt: joinedAt } : {}),
        })
        .onConflictDoNothing({ target: users.steamId });
      const row = await this.findBySteamId(identity.steamId);
      if (!row) throw new Error('recipient account missing after insert');
      return row;
    },

    /** Creates the account on first sign-in, refreshes name, avatar and last visit afterwards. */
    async upsertFromSteam(identity: SteamIdentity): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({
          steamId: identity.steamId,
          username: identity.username,
          avatar: identity.avatar,
          isAdmin: identity.isAdmin ?? false,
        })
        .onConflictDoUpdate({
          target: users.steamId,
          set: {
            username: identity.username,
            avatar: sql`coalesce(${identity.avatar}, ${users.avatar})`,
            lastSeenAt: sql`now()`,
            ...(identity.isAdmin ? { isAdmin: true } : {}),
          },
        })
        .returning();
      if (!row) throw new Error('user upsert returned no row');
      return row;
    },

    /** The profile as the API shows it, with the favourite server's name. */
    async profile(row: UserRow): Promise<User> {
      if (row.favoriteServerId === null) return toUserDto(row);
      const [server] = await db
        .select({ name: servers.name })
        .from(servers)
        .where(eq(servers.id, row.favoriteServerId))
        .limit(1);
      return toUserDto(row, server?.name ?? null);
    },

    async touchLastSeen(id: number): Promise<void> {
      await db
        .update(users)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(users.id, id));
    },

    async setAdmin(id: number, isAdmin: boolean): Promise<void> {
      await db.update(users).set({ isAdmin }).where(eq(users.id, id));
    },

    // The VIP columns: the vip module decides (its rules), these store what it decided.

    async setVip(id: number, vip: VipColumns): Promise<void> {
      await db
        .update(users)
        .set({
          vipStatus: vip.tier,
          vipExpiresAt: vip.expiresAt,
          vipServerId: vip.serverId,
          vipRevokeCommands: vip.revokeCommands,
        })
        .where(eq(users.id, id));
    },

    async clearVip(id: number): Promise<void> {
      await db
        .update(users)
        .set({ vipStatus: null, vipExpiresAt: null, vipServerId: null, vipRevokeCommands: null })
        .where(eq(users.id, id));
    },

    /** Takes `days` off a running term of `tier`; undefined when the user holds no such term. */
    async shortenVip(id: number, tier: string, days: number) {
      const [row] = await db
        .update(users)
        .set({ vipExpiresAt: sql`${users.vipExpiresAt} - make_interval(days => ${days})` })
        .where(and(eq(users.id, id), eq(users.vipStatus, tier), isNotNull(users.vipExpiresAt)))
        .returning({
          steamId: users.steamId,
          serverId: users.vipServerId,
          revokeCommands: users.vipRevokeCommands,
          ended: sql<boolean>`${users.vipExpiresAt} <= now()`,
        });
      return row;
    },

    /**
     * Clears every VIP whose time is up and returns what each held, so that its revoke commands can
     * be queued in the same transaction. SKIP LOCKED: concurrent sweeps end each VIP exactly once.
     */
    async clearExpiredVips(): Promise<ExpiredVip[]> {
      return queryRows<ExpiredVip>(
        db,
        sql`
        with due as (
          select id, steam_id, vip_server_id, vip_revoke_commands from users
          where vip_status is not null and vip_expires_at <= now()
          for update skip locked)
        update users u set vip_status = null, vip_server_id = null, vip_revoke_commands = null
        from due where u.id = due.id
        returning due.id, due.steam_id, due.vip_server_id, due.vip_revoke_commands`,
      );
    },
  };
}

export interface VipColumns {
  tier: string;
  /** A date, or the vip module's expression of one computed from the row being updated. */
  expiresAt: Date | SQL;
  serverId: number;
  revokeCommands: string;
}

export interface ExpiredVip {
  id: number;
  steam_id: string;
  vip_server_id: number | null;
  vip_revoke_commands: string | null;
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

/** USER as the API shows it: roubles, ISO dates, 'no VIP' when no tier is set. */
export function toUserDto(row: UserRow, favoriteServerName: string | null = null): User {
  return {
    id: row.id,
    username: row.username,
    avatar: row.avatar,
    steamId: row.steamId,
    balance: kopecksToRoubles(row.balanceKopecks),
    isAdmin: row.isAdmin,
    vipStatus: row.vipStatus ?? VIP_NONE,
    vipExpiresAt: row.vipExpiresAt?.toISOString() ?? null,
    totalSpent: kopecksToRoubles(row.totalSpentKopecks),
    purchasesCount: row.purchasesCount,
    favoriteServer: favoriteServerName,
    joinedDate: row.joinedAt.toISOString(),
    lastSeen: row.lastSeenAt.toISOString(),
  };
}
