import {
  PERMISSIONS,
  ROLE_LABELS,
  ROLE_PERMISSIONS,
  type Permission,
  type Role,
  type RoleUpdate,
  type RoutePermission,
} from '@shop/shared';

/**
 * The roles the signed-in staff member may give: an owner any, someone with `roles` only player
 * and moderator (the server holds the same rule).
 */
export function grantableRoles(can: (permission: RoutePermission) => boolean): Role[] {
  if (can('owner')) return ['player', 'moderator', 'admin', 'owner'];
  return can('roles') ? ['player', 'moderator'] : [];
}

export const roleOptions = (roles: readonly Role[]) =>
  roles.map((role) => [role, ROLE_LABELS[role]] as const);

/** An admin's ticked permissions: all of them unless the owner narrowed the set. */
export function initialPermissions(user: { role: Role; permissions: readonly string[] }) {
  return user.role === 'admin'
    ? PERMISSIONS.filter((permission) => user.permissions.includes(permission))
    : [...ROLE_PERMISSIONS.admin];
}

/** The request: a whole set is sent as none, so an admin keeps permissions added later. */
export function roleToPayload(role: Role, permissions: readonly Permission[]): RoleUpdate {
  if (role !== 'admin' || permissions.length === PERMISSIONS.length) return { role };
  return {
    role,
    permissions: PERMISSIONS.filter((permission) => permissions.includes(permission)),
  };
}
