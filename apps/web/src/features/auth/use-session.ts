import type { RoutePermission, User } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions } from './api/get-profile';
import { useToken } from './use-token';

export interface Session {
  user: User | null;
  isAuthenticated: boolean;
  /** True only while a stored token is being turned into a user. */
  isLoading: boolean;
  isAdmin: boolean;
  /** What the server says this account may do in the admin panel (empty for players). */
  permissions: readonly RoutePermission[];
  /** The panel shows a section or button only when this says yes; the server checks again. */
  can: (permission: RoutePermission) => boolean;
}

const NONE: readonly RoutePermission[] = [];

export function useSession(): Session {
  const token = useToken();
  const profile = useQuery({ ...profileQueryOptions(token), enabled: token !== null });
  const user = token ? (profile.data ?? null) : null;
  return {
    user,
    isAuthenticated: user !== null,
    isLoading: token !== null && profile.isPending,
    isAdmin: user?.isAdmin === true,
    permissions: user?.permissions ?? NONE,
    can: (permission) => user?.permissions.includes(permission) === true,
  };
}
