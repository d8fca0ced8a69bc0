import {
  ADMIN_MESSAGES,
  roublesToKopecks,
  VIP_NONE,
  type AdminUserUpdate,
  type Kopecks,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminUserUpdateSchema } from '@shop/shared';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { postEntry } from '../ledger/ledger';
import { createServersRepository } from '../servers/servers-repository';
import { endVipByHand, grantVipByHand } from '../vip/vip-grant';
import type { UserRow } from './users-repository';

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

interface VipPlan {
  tier: string | null;
  expiresAt: Date | null;
  serverId: number | null;
}

/** What the VIP fields ask for, checked before anything is written; null when VIP is untouched. */
async function planVip(tx: Db, row: UserRow, changes: UserChanges): Promise<VipPlan | null> {
  if (changes.vipStatus === undefined && changes.vipExpiresAt === undefined) return null;
  const requested = changes.vipStatus === undefined ? row.vipStatus : changes.vipStatus;
  const tier = !requested || requested === VIP_NONE ? null : requested;
  if (tier === null)
    return row.vipStatus === null ? null : { tier, expiresAt: null, serverId: null };

  const expiryText = changes.vipExpiresAt === undefined ? undefined : changes.vipExpiresAt;
  const expiresAt =
    expiryText === undefined ? row.vipExpiresAt : expiryText === null ? null : new Date(expiryText);
  if (!expiresAt) throw badRequest(ADMIN_MESSAGES.vipExpiryRequired);
  if (expiresAt.getTime() <= Date.now()) throw badRequest(ADMIN_MESSAGES.vipExpiryPast);
  const serverId = changes.vipServerId ?? row.vipServerId ?? row.favoriteServerId;
  if (serverId === null || !(await createServersRepository(tx).findById(serverId))) {
    throw badRequest(ADMIN_MESSAGES.vipServerRequired);
  }
  const same =
    tier === row.vipStatus &&
    serverId === row.vipServerId &&
    expiresAt.getTime() === row.vipExpiresAt?.getTime();
  return same ? null : { tier, expiresAt, serverId };
}

const vipView = (plan: {
  tier: string | null;
  expiresAt: Date | null;
  serverId: number | null;
}) => ({
  vipStatus: plan.tier ?? VIP_NONE,
  vipExpiresAt: plan.expiresAt?.toISOString() ?? null,
  serverId: plan.serverId,
});

/**
 * An admin's edit of a user, in the caller's transaction: the balance through an `adjustment` ledger
 * row (never a plain UPDATE), the admin flag, and VIP granted or ended by hand exactly as a purchase
 * or expiry would. Everything is checked first; each changed part writes one audit row. No side
 * effect leaves the transaction: the caller emits events after commit.
 */
export async function updateUserByAdmin(
  tx: Db,
  actor: AuditActor & { id: number },
  userId: number,
  changes: UserChanges,
): Promise<UserUpdateOutcome> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw notFound(ADMIN_MESSAGES.userNotFound);
  const target = { targetType: 'user', targetId: row.id, targetName: row.username };
  const reason = changes.reason?.trim() || null;

  if (changes.isAdmin === false && row.isAdmin && row.id === actor.id) {
    throw badRequest(ADMIN_MESSAGES.selfDemotion);
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
  const vip = await planVip(tx, row, changes);

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
    await tx.update(users).set({ isAdmin: changes.isAdmin }).where(eq(users.id, row.id));
    await recordAudit(tx, actor, {
      action: 'user.admin',
      ...target,
      before: { isAdmin: row.isAdmin },
      after: { isAdmin: changes.isAdmin },
      reason,
    });
  }

  if (vip) {
    if (vip.tier === null || vip.expiresAt === null || vip.serverId === null) {
      await endVipByHand(tx, row);
    } else {
      const server = await createServersRepository(tx).findById(vip.serverId);
      if (!server) throw badRequest(ADMIN_MESSAGES.vipServerRequired);
      await grantVipByHand(tx, row, vip.tier, vip.expiresAt, server);
    }
    await recordAudit(tx, actor, {
      action: 'user.vip',
      ...target,
      before: vipView({
        tier: row.vipStatus,
        expiresAt: row.vipExpiresAt,
        serverId: row.vipServerId,
      }),
      after: vipView(vip),
      reason,
    });
  }

  const [updated] = await tx.select().from(users).where(eq(users.id, row.id));
  if (!updated) throw notFound(ADMIN_MESSAGES.userNotFound);
  return { user: updated, balanceKopecks, vipChanged: vip !== null, demoted };
}
