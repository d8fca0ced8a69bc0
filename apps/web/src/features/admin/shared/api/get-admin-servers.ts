import { adminServerSchema, type AdminServer } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from '../admin-keys';

export async function fetchAdminServers(signal?: AbortSignal): Promise<AdminServer[]> {
  return z.array(adminServerSchema).parse(await api.get('/admin/servers', { signal }));
}

export function adminServersQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.servers,
    queryFn: ({ signal }) => fetchAdminServers(signal),
    // The monitor rewrites status, players and last error in the background; keep the panel close to it.
    staleTime: 10_000,
    refetchInterval: 30_000,
  });
}

export function useAdminServers() {
  return useQuery(adminServersQueryOptions());
}
