import { ADMIN_MESSAGES, VIP_NONE } from '@shop/shared';
import type { Db } from '../../db/client';
import { badRequest } from '../../plugins/errors';
import { createServersRepository } from '../servers/servers-repository';
import type { UserRow } from '../users/users-repository';
import { endVipByHand, grantVipByHand } from './vip-grant';

/** A VIP an admin asks for: a tier until a date on a server, or none (tier null). */
export interface VipByHand {
  tier: string | null;
  expiresAt: Date | null;
  serverId: number | null;
}

/** The admin form's VIP fields; undefined leaves a field as it is. */
export interface VipFields {
  vipStatus?: string | null | undefined;
  vipExpiresAt?: string | null | undefined;
  vipServerId?: number | null | undefined;
}

/**
 * What the admin's VIP fields ask for, checked before anything is written; null when VIP is
 * untouched. A tier needs a future expiry and a server (the given one, the running VIP's, or the
 * player's favourite).
 */
export async function planVipByHand(
  tx: Db,
  row: UserRow,
  changes: VipFields,
): Promise<VipByHand | null> {
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

const vipView = (vip: VipByHand) => ({
  vipStatus: vip.tier ?? VIP_NONE,
  vipExpiresAt: vip.expiresAt?.toISOString() ?? null,
  serverId: vip.serverId,
});

/**
 * Grants or ends a planned VIP exactly as a purchase or expiry would, and returns the VIP before and
 * after, as the audit journal shows them.
 */
export async function applyVipByHand(tx: Db, row: UserRow, vip: VipByHand) {
  if (vip.tier === null || vip.expiresAt === null || vip.serverId === null) {
    await endVipByHand(tx, row);
  } else {
    const server = await createServersRepository(tx).findById(vip.serverId);
    if (!server) throw badRequest(ADMIN_MESSAGES.vipServerRequired);
    await grantVipByHand(tx, row, vip.tier, vip.expiresAt, server);
  }
  const before = { tier: row.vipStatus, expiresAt: row.vipExpiresAt, serverId: row.vipServerId };
  return { before: vipView(before), after: vipView(vip) };
}
