import { serverPluginStatusSchema, type ServerPluginStatus } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

/**
 * The plugin's state on one server, or null when the shop has none to give (a 404: a shop without
 * the plugin status route, or a server just deleted), which the panel shows as «Нет данных».
 */
export async function fetchServerPlugin(
  id: number,
  signal?: AbortSignal,
): Promise<ServerPluginStatus | null> {
  try {
    return serverPluginStatusSchema.parse(await api.get(`/admin/servers/${id}/plugin`, { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useServerPlugin(id: number) {
  return useQuery({
    queryKey: adminKeys.serverPlugin(id),
    queryFn: ({ signal }) => fetchServerPlugin(id, signal),
    // As live as the server list around it.
    staleTime: 10_000,
    refetchInterval: 30_000,
  });
}
