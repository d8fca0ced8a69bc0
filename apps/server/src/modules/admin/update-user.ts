import {
  ADMIN_MESSAGES,
  roublesToKopecks,
  type AdminUserUpdate,
  type Kopecks,
  type Role,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminUserUpdateSchema } from '@shop/shared';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { postEntry } from '../ledger/ledger';
import { createUsersRepository, type UserRow } from '../users/users-repository';
import { applyVipByHand, planVipByHand } from '../vip/vip-by-hand';
import { assertMayActOn } from '../../plugins/permissions';

export type UserChanges = z.output<typeof adminUserUpdateSchema>;
export type { AdminUserUpdate };

export interface UserUpdateOutcome {
  user: UserRow;
  /** The new balance when it changed: the route tells the player after commit. */
  balanceKopecks: Kopecks | null;
  /** A VIP grant or revoke was queued for delivery. */
  vipChanged: boolean;
  /** The user lost the admin flag: their admin sockets must go. */
  demoted: boolean;
}

/** An owner's account is changed (edited, signed out) by no one but an owner. */
export const assertMayEditUser = assertMayActOn;

/**
 * An admin's edit of a user, in the caller's transaction: the balance through an `adjustment` ledger
 * row (never a plain UPDATE), the admin flag, and VIP granted or ended by hand exactly as a purchase
 * or expiry would. Everything is checked first; each changed part writes one audit row. No side
 * effect leaves the transaction: the caller emits events after commit.
 */
export async function updateUserByAdmin(
  tx: Db,
  actor: AuditActor & { id: number; role: Role },
  userId: number,
  changes: UserChanges,
): Promise<UserUpdateOutcome> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw notFound(ADMIN_MESSAGES.userNotFound);
  const target = { targetType: 'user', targetId: row.id, targetName: row.username };
  const reason = changes.reason?.trim() || null;

  assertMayEditUser(actor, row);
  if (changes.isAdmin === false && row.isAdmin && row.id === actor.id) {
    throw badRequest(ADMIN_MESSAGES.selfDemotion);
  }
  if (changes.isAdmin !== undefined && changes.isAdmin !== row.isAdmin) {
    // The old switch of the admin flag: an owner's choice, as the role is (PUT …/role).
    if (row.isOwner) throw forbidden(ADMIN_MESSAGES.ownerStaysAdmin);
    if (actor.role !== 'owner') throw forbidden(ADMIN_MESSAGES.onlyOwnerSetsAdmins);
  }
  let delta = 0;
  if (changes.balance !== undefined) {
    const base =
      changes.previousBalance !== undefined
        ? roublesToKopecks(changes.previousBalance)
        : row.balanceKopecks;
    delta = roublesToKopecks(changes.balance) - base;
    if (delta !== 0 && !reason) throw badRequest(ADMIN_MESSAGES.reasonRequired);
  }
  const vip = await planVipByHand(tx, row, changes);

  let balanceKopecks: Kopecks | null = null;
  if (delta !== 0) {
    balanceKopecks = await postEntry(tx, {
      userId: row.id,
      kind: 'adjustment',
      amountKopecks: delta,
      description: `Корректировка администратором: ${reason}`.slice(0, 300),
      method: 'Администратор',
    });
    if (balanceKopecks === null) throw conflict(ADMIN_MESSAGES.balanceWouldGoNegative);
    await recordAudit(tx, actor, {
      action: 'user.balance',
      ...target,
      before: { balance: row.balanceKopecks / 100 },
      after: { balance: balanceKopecks / 100, change: delta / 100 },
      reason,
    });
  }

  const demoted = changes.isAdmin === false && row.isAdmin;
  if (changes.isAdmin !== undefined && changes.isAdmin !== row.isAdmin) {
    await createUsersRepository(tx).setRole(row.id, changes.isAdmin ? 'admin' : 'player', null);
    await recordAudit(tx, actor, {
      action: 'user.admin',
      ...target,
      before: { isAdmin: row.isAdmin, role: row.role },
      after: { isAdmin: changes.isAdmin, role: changes.isAdmin ? 'admin' : 'player' },
      reason,
    });
  }

  if (vip) {
    const change = await applyVipByHand(tx, row, vip);
    await recordAudit(tx, actor, { action: 'user.vip', ...target, ...change, reason });
  }

  const [updated] = await tx.select().from(users).where(eq(users.id, row.id));
  if (!updated) throw notFound(ADMIN_MESSAGES.userNotFound);
  return { user: updated, balanceKopecks, vipChanged: vip !== null, demoted };
}
