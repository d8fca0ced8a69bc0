import {
  ADMIN_MESSAGES,
  PERMISSIONS,
  ROLE_MESSAGES,
  ROLE_PERMISSIONS,
  type Permission,
  type RoleUpdate,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { badRequest, forbidden, notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { createUsersRepository, type UserRow } from '../users/users-repository';
import { assertMayActOn } from '../../plugins/permissions';

export interface RoleChangeOutcome {
  user: UserRow;
  /** The account holds less than before: its live connections must go and come back. */
  narrowed: boolean;
}

/**
 * An owner's or staff manager's change of a role, in the caller's transaction, journaled with the
 * role and set before and after. Only an owner makes or unmakes owners and admins or narrows an
 * admin; an account with `roles` moves players and moderators between those two roles.
 */
export async function setRoleByStaff(
  tx: Db,
  actor: AuditActor & { id: number; role: UserRow['role'] },
  userId: number,
  change: RoleUpdate,
): Promise<RoleChangeOutcome> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw notFound(ADMIN_MESSAGES.userNotFound);
  assertMayActOn(actor, row);
  if (row.id === actor.id) throw badRequest(ROLE_MESSAGES.selfRole);
  if (row.isOwner) throw forbidden(ROLE_MESSAGES.ownerBySetting);
  if (change.permissions && change.role !== 'admin') {
    throw badRequest(ROLE_MESSAGES.permissionsOnlyForAdmin);
  }
  const minor = (role: UserRow['role']) => role === 'player' || role === 'moderator';
  const permissions = narrowedSet(change.permissions);
  if (actor.role !== 'owner' && (!minor(row.role) || !minor(change.role))) {
    throw forbidden(ROLE_MESSAGES.onlyOwnerGrants);
  }
  if (change.role === 'admin' && permissions?.length === 0) {
    throw badRequest(ROLE_MESSAGES.noPermissions);
  }

  const before = { role: row.role, permissions: row.permissions };
  const after = { role: change.role, permissions: change.role === 'admin' ? permissions : null };
  const held = (role: UserRow['role'], set: readonly string[] | null) =>
    role === 'player'
      ? []
      : role === 'owner'
        ? [...PERMISSIONS, 'owner']
        : (set ?? ROLE_PERMISSIONS[role]);
  const was = held(before.role, before.permissions);
  const now = held(after.role, after.permissions);
  if (before.role !== after.role || !sameSet(was, now)) {
    await createUsersRepository(tx).setRole(row.id, after.role, after.permissions);
    await recordAudit(tx, actor, {
      action: 'user.role',
      targetType: 'user',
      targetId: row.id,
      targetName: row.username,
      before,
      after,
    });
  }
  const [updated] = await tx.select().from(users).where(eq(users.id, row.id));
  if (!updated) throw notFound(ADMIN_MESSAGES.userNotFound);
  return { user: updated, narrowed: was.some((permission) => !now.includes(permission)) };
}

/** The owner's choice for an admin in the list's order, or null for the whole set. */
function narrowedSet(chosen: Permission[] | undefined): Permission[] | null {
  if (!chosen) return null;
  const set = PERMISSIONS.filter((permission) => chosen.includes(permission));
  return set.length === PERMISSIONS.length ? null : set;
}

function sameSet(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && a.every((item) => b.includes(item));
}
