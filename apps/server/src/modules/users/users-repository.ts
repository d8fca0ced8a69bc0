import { kopecksToRoubles, VIP_NONE, type User } from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { servers, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;

export interface SteamIdentity {
  steamId: string;
  username: string;
  avatar: string | null;
  /** True makes the account an admin; undefined leaves the stored flag as an owner set it. */
  isAdmin: boolean | undefined;
  /** Named in ADMIN_STEAM_IDS: an owner, and so an admin (see syncOwners). */
  isOwner?: boolean;
}

/** An account whose owner mark the start changed: ADMIN_STEAM_IDS named or dropped it. */
export interface OwnerChange {
  id: number;
  username: string;
  isOwner: boolean;
  wasAdmin: boolean;
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
          isAdmin: (identity.isAdmin ?? false) || identity.isOwner === true,
          isOwner: identity.isOwner === true,
        })
        .onConflictDoUpdate({
          target: users.steamId,
          set: {
            username: identity.username,
            avatar: sql`coalesce(${identity.avatar}, ${users.avatar})`,
            lastSeenAt: sql`now()`,
            ...(identity.isAdmin || identity.isOwner ? { isAdmin: true } : {}),
            ...(identity.isOwner ? { isOwner: true } : {}),
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

    /**
     * Makes the accounts of ADMIN_STEAM_IDS owners (and admins) and every other account no owner.
     * An owner dropped from the setting loses the admin rights too: it held them as an owner. After
     * that its role is an owner's to set like anyone's; nothing here gives them back.
     */
    async syncOwners(steamIds: readonly string[]): Promise<OwnerChange[]> {
      const ids = sql`array[${sql.join(
        steamIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`;
      return queryRows<OwnerChange>(
        db,
        sql`
        with changed as (
          select id, is_admin from users
          where is_owner <> (steam_id = any(${ids})) or (steam_id = any(${ids}) and not is_admin)
          for update)
        update users u set is_owner = (u.steam_id = any(${ids})), is_admin = (u.steam_id = any(${ids}))
        from changed where u.id = changed.id
        returning u.id, u.username, u.is_owner as "isOwner", changed.is_admin as "wasAdmin"`,
      );
    },

    // The VIP columns: the vip module decides (its plan of terms), these store its summary.

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
  };
}

/** The running VIP term's summary, as the vip module's plan has it (the rest of the shop reads it). */
export interface VipColumns {
  tier: string;
  /** When the running tier ends: the end of its term and the same tier's terms right after it. */
  expiresAt: Date;
  serverId: number | null;
  revokeCommands: string;
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
    isOwner: row.isOwner,
    vipStatus: row.vipStatus ?? VIP_NONE,
    vipExpiresAt: row.vipExpiresAt?.toISOString() ?? null,
    totalSpent: kopecksToRoubles(row.totalSpentKopecks),
    purchasesCount: row.purchasesCount,
    favoriteServer: favoriteServerName,
    joinedDate: row.joinedAt.toISOString(),
    lastSeen: row.lastSeenAt.toISOString(),
  };
}
