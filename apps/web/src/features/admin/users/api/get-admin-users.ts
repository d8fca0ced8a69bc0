import { adminUsersPageSchema, type AdminUsersPage } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

export async function fetchAdminUsers(
  query: string,
  page: number,
  signal?: AbortSignal,
): Promise<AdminUsersPage> {
  const params = new URLSearchParams({ query, page: String(page) });
  return adminUsersPageSchema.parse(await api.get(`/admin/users?${params}`, { signal }));
}

/** Keeps the current page on screen while the next search or page loads. */
export function useAdminUsers(query: string, page: number) {
  return useQuery({
    queryKey: adminKeys.users(query, page),
    queryFn: ({ signal }) => fetchAdminUsers(query, page, signal),
    placeholderData: keepPreviousData,
  });
}
