import {
  kopecksToRoubles,
  permissionsOf,
  VIP_NONE,
  type Permission,
  type Role,
  type User,
} from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { servers, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;

export interface SteamIdentity {
  steamId: string;
  username: string;
  avatar: string | null;
  /** True makes the account an admin; undefined leaves the stored role as an owner set it. */
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
  wasRole: Role;
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

    /**
     * ensureFromSteam for many players at once (a balance file), in one statement: each Steam ID
     * without an account gets one named «Игрок NNNN» from its last digits. Returns the Steam IDs
     * whose account it created.
     */
    async ensureManyFromSteam(steamIds: readonly string[]): Promise<Set<string>> {
      if (steamIds.length === 0) return new Set();
      const created = await queryRows<{ steamId: string }>(
        db,
        sql`insert into users (steam_id, username)
          select s.id, 'Игрок ' || right(s.id, 4)
          from jsonb_array_elements_text(${JSON.stringify(steamIds)}::jsonb) as s(id)
          on conflict (steam_id) do nothing
          returning steam_id as "steamId"`,
      );
      return new Set(created.map((row) => row.steamId));
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
          role: identity.isOwner ? 'owner' : identity.isAdmin ? 'admin' : 'player',
        })
        .onConflictDoUpdate({
          target: users.steamId,
          set: {
            username: identity.username,
            avatar: sql`coalesce(${identity.avatar}, ${users.avatar})`,
            lastSeenAt: sql`now()`,
            ...(identity.isAdmin || identity.isOwner ? { isAdmin: true } : {}),
            // An admin named again stays what it is if it is more (an owner); a player becomes admin.
            ...(identity.isAdmin && !identity.isOwner
              ? { role: sql`case when ${users.role} = 'owner' then 'owner' else 'admin' end` }
              : {}),
            ...(identity.isOwner ? { isOwner: true, role: 'owner', permissions: null } : {}),
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

    /**
     * The account's role and, for an admin, the owner's narrower set (null: the role's whole set).
     * The admin flag follows: every role but player is staff.
     */
    async setRole(id: number, role: Role, permissions: Permission[] | null): Promise<void> {
      await db
        .update(users)
        .set({
          role,
          isAdmin: role !== 'player',
          permissions: role === 'admin' ? permissions : null,
        })
        .where(eq(users.id, id));
    },

    /**
     * Makes the accounts of ADMIN_STEAM_IDS owners and takes the owner's role from every account
     * the setting named before and names no more: it held its rights as an owner, so it becomes a
     * player. After that its role is an owner's to set like anyone's; nothing here gives it back.
     * Owners made by another owner (not named by the setting) keep their role.
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
          select id, is_admin, role from users
          where is_owner <> (steam_id = any(${ids})) or (steam_id = any(${ids}) and role <> 'owner')
          for update)
        update users u set is_owner = (u.steam_id = any(${ids})), is_admin = (u.steam_id = any(${ids})),
          role = case when u.steam_id = any(${ids}) then 'owner' else 'player' end, permissions = null
        from changed where u.id = changed.id
        returning u.id, u.username, u.is_owner as "isOwner", changed.is_admin as "wasAdmin",
          changed.role as "wasRole"`,
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
    isOwner: row.role === 'owner',
    role: row.role,
    permissions: permissionsOf(row),
    vipStatus: row.vipStatus ?? VIP_NONE,
    vipExpiresAt: row.vipExpiresAt?.toISOString() ?? null,
    totalSpent: kopecksToRoubles(row.totalSpentKopecks),
    purchasesCount: row.purchasesCount,
    favoriteServer: favoriteServerName,
    joinedDate: row.joinedAt.toISOString(),
    lastSeen: row.lastSeenAt.toISOString(),
  };
}
