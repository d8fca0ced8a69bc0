import type { Health } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The shop's health as GET /api/health reports it: the admin panel shows the version from it, and
 * every page the banner of a restored copy. Read once a page load (the server caches it too).
 */
export const healthQueryOptions = () =>
  queryOptions({
    queryKey: ['health'] as const,
    queryFn: () => api.get<Health>('/health'),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useHealth() {
  return useQuery(healthQueryOptions());
}
