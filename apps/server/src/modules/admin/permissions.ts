import {
  OWNER_ONLY,
  PERMISSION_LABELS,
  permissionsOf,
  type Role,
  type RoutePermission,
} from '@shop/shared';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../plugins/errors';
import type { UserRow } from '../users/users-repository';

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

/** The account's role, from its stored role. */
export function roleOf(user: Pick<UserRow, 'isAdmin' | 'isOwner'>): Role {
  if (user.isOwner) return 'owner';
  return user.isAdmin ? 'admin' : 'player';
}

/** What the signed-in account may do. */
export function userPermissions(user: Pick<UserRow, 'isAdmin' | 'isOwner'>): RoutePermission[] {
  return permissionsOf({ role: roleOf(user) });
}

/** Refuses the caller unless their set holds `needed`, with a message naming what they lack. */
export function assertPermission(
  user: Pick<UserRow, 'isAdmin' | 'isOwner'>,
  needed: RoutePermission,
) {
  if (userPermissions(user).includes(needed)) return;
  throw forbidden(
    needed === OWNER_ONLY
      ? PERMISSION_MESSAGES.ownerOnly
      : PERMISSION_MESSAGES.missing(PERMISSION_LABELS[needed]),
  );
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
