import type { PublicServer } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// The server checks this reply against the shared schema before sending it (DESIGN §10: no schema
// library in the first load), so the first paint's reads take it as typed.
export function fetchServers(signal?: AbortSignal): Promise<PublicServer[]> {
  return api.get<PublicServer[]>('/servers', { signal });
}

export function serversQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.servers,
    queryFn: ({ signal }) => fetchServers(signal),
    // Player counts move; a minute-old number is still honest, and the monitor updates the server side.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

export function useServers() {
  return useQuery(serversQueryOptions());
}

/** Sum of players over all servers, for the Home card. */
export function totalPlayersOnline(
  servers: readonly Pick<PublicServer, 'playersOnline'>[] | undefined,
): number {
  return (servers ?? []).reduce((sum, server) => sum + Math.max(0, server.playersOnline), 0);
}
