import type { serverPlayersSchema } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, ApiError } from '@/lib/api-client';

export type ServerPlayers = z.infer<typeof serverPlayersSchema>;

export async function fetchServerPlayers(
  serverId: number,
  signal?: AbortSignal,
): Promise<ServerPlayers> {
  return api.get<ServerPlayers>(`/servers/${serverId}/players`, { signal });
}

/** SPEC §7: cached per server, two retries a second apart, none when the token is refused. */
export function serverPlayersQueryOptions(serverId: number) {
  return queryOptions({
    queryKey: ['servers', serverId, 'players'],
    queryFn: ({ signal }) => fetchServerPlayers(serverId, signal),
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status === 401) && failureCount < 2,
    retryDelay: 1_000,
    staleTime: 15_000,
  });
}

export function useServerPlayers(serverId: number, enabled: boolean) {
  return useQuery({ ...serverPlayersQueryOptions(serverId), enabled });
}
