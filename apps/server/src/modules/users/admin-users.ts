import { VIP_NONE, type User } from '@shop/shared';
import { and, count, desc, ilike, like, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { toUserDto, type UserRow } from './users-repository';

/** `%` and `_` typed into the search box are letters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** USER for the admin's list: a VIP that has run out is shown as none. */
export function toAdminUser(row: UserRow, now = new Date()): User {
  const user = toUserDto(row);
  const active = row.vipStatus !== null && row.vipExpiresAt !== null && row.vipExpiresAt > now;
  return active ? user : { ...user, vipStatus: VIP_NONE, vipExpiresAt: null };
}

/**
 * One page of users, newest first, by a part of the name or the start of the Steam ID; with
 * `staff`, only owners, admins and moderators.
 */
export async function searchUsers(
  db: Db,
  query: string,
  page: number,
  pageSize: number,
  staff = false,
) {
  const pattern = escapeLike(query);
  const where = and(
    query
      ? or(ilike(users.username, `%${pattern}%`), like(users.steamId, `${pattern}%`))
      : undefined,
    staff ? ne(users.role, 'player') : undefined,
  );
  const [totals] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.joinedAt), desc(users.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { users: rows.map((row) => toAdminUser(row)), total: Number(totals?.total ?? 0) };
}
