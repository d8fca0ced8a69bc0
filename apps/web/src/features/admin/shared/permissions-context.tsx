import type { RoutePermission } from '@shop/shared';
import { createContext, useContext } from 'react';

/**
 * The signed-in staff member's permissions, as the server gave them with the profile. The app's
 * admin route provides them; the panel shows only what they allow (the server checks again).
 */
export const AdminPermissions = createContext<readonly RoutePermission[]>([]);

/** The signed-in staff member's own account id: nobody changes their own role. */
export const AdminSelf = createContext<number | null>(null);

/** `can('money')`: whether the signed-in staff member holds a permission. */
export function useCan(): (permission: RoutePermission) => boolean {
  const held = useContext(AdminPermissions);
  return (permission) => held.includes(permission);
}
