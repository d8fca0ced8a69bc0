import { adminUsersPageSchema, type AdminUsersPage } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

export async function fetchAdminUsers(
  query: string,
  page: number,
  signal?: AbortSignal,
  /** Owners, admins and moderators only. */
  staff = false,
): Promise<AdminUsersPage> {
  const params = new URLSearchParams({
    query,
    page: String(page),
    ...(staff ? { staff: '1' } : {}),
  });
  return adminUsersPageSchema.parse(await api.get(`/admin/users?${params}`, { signal }));
}

/** Keeps the current page on screen while the next search or page loads. */
export function useAdminUsers(query: string, page: number, staff = false) {
  return useQuery({
    queryKey: [...adminKeys.users(query, page), staff],
    queryFn: ({ signal }) => fetchAdminUsers(query, page, signal, staff),
    placeholderData: keepPreviousData,
  });
}
