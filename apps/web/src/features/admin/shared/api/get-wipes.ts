import { serverWipeSchema, type ServerWipe } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from '../admin-keys';

export interface WipesQuery {
  serverId?: number;
  /** ISO time: only wipes after it. */
  since?: string;
}

export async function fetchWipes(query: WipesQuery, signal?: AbortSignal): Promise<ServerWipe[]> {
  const params = new URLSearchParams();
  if (query.serverId !== undefined) params.set('serverId', String(query.serverId));
  if (query.since !== undefined) params.set('since', query.since);
  const search = params.toString();
  return z
    .array(serverWipeSchema)
    .parse(await api.get(`/admin/wipes${search ? `?${search}` : ''}`, { signal }));
}

/** Wipes newest first, whatever order the reply comes in. */
export function useWipes(query: WipesQuery, enabled = true) {
  return useQuery({
    queryKey: adminKeys.wipes(query),
    queryFn: ({ signal }) => fetchWipes(query, signal),
    select: (wipes) => [...wipes].sort((a, b) => Date.parse(b.at) - Date.parse(a.at)),
    enabled,
    // The monitor records a wipe within a minute of the server coming back.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}
