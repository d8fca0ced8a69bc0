import {
  ADMIN_MESSAGES,
  OWNER_ONLY,
  PERMISSION_LABELS,
  permissionsOf,
  type Role,
  type RoutePermission,
} from '@shop/shared';
import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors';
import type { Db } from '../db/client';
import { createUsersRepository, type UserRow } from '../modules/users/users-repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What an admin route needs: one of PERMISSIONS, or OWNER_ONLY for what only an owner does.
     * Every route in the admin scope declares it; the scope refuses a caller without it.
     */
    permission?: RoutePermission;
  }
}

export const PERMISSION_MESSAGES = {
  ownerOnly: 'Это может сделать только владелец магазина',
  missing: (label: string) => `Недостаточно прав: нужно разрешение «${label}»`,
  undeclared: 'Недостаточно прав: у этого действия не указано разрешение',
};

type RoleColumns = Pick<UserRow, 'role' | 'permissions'>;

/** The account's role. */
export function roleOf(user: Pick<UserRow, 'role'>): Role {
  return user.role;
}

/** What the signed-in account may do. */
export function userPermissions(user: RoleColumns): RoutePermission[] {
  return permissionsOf(user);
}

/**
 * Nobody below an owner acts on an owner (balance, reversal, ban, mute, sessions, role), whatever
 * their permissions: the check depends on the target, so each such handler calls it.
 */
export function assertMayActOn(actor: Pick<UserRow, 'role'>, target: Pick<UserRow, 'role'>) {
  if (target.role === 'owner' && actor.role !== 'owner') {
    throw forbidden(ADMIN_MESSAGES.ownerProtected);
  }
}

/** Refuses the caller unless their set holds `needed`, with a message naming what they lack. */
export function assertPermission(user: RoleColumns, needed: RoutePermission) {
  if (userPermissions(user).includes(needed)) return;
  throw forbidden(
    needed === OWNER_ONLY
      ? PERMISSION_MESSAGES.ownerOnly
      : PERMISSION_MESSAGES.missing(PERMISSION_LABELS[needed]),
  );
}

/** assertMayActOn for a target known by id; an unknown id passes, for the caller's own 404. */
export async function assertMayActOnUser(db: Db, actor: Pick<UserRow, 'role'>, userId: number) {
  const target = await createUsersRepository(db).findById(userId);
  if (target) assertMayActOn(actor, target);
}

/**
 * onRequest hook of the admin scope, after requireAdmin checked the route's declared permission:
 * a route that declares none is the owner's alone, so a route added without thought is closed to
 * staff rather than open to all of them.
 */
export async function requireDeclaredPermission(request: FastifyRequest) {
  const user = request.user;
  if (!user || request.routeOptions.config.permission) return;
  if (roleOf(user) !== 'owner') throw forbidden(PERMISSION_MESSAGES.undeclared);
}
