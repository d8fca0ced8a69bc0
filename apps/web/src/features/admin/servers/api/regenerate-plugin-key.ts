import { adminServerSchema, type AdminServer } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

export async function regeneratePluginKey(id: number): Promise<AdminServer> {
  return adminServerSchema.parse(await api.post(`/admin/servers/${id}/plugin-key`));
}

export function useRegeneratePluginKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regeneratePluginKey,
    // The reply is the server with its new key: show it at once, no refetch round-trip.
    onSuccess: (server) => {
      queryClient.setQueryData<AdminServer[]>(adminKeys.servers, (servers) =>
        servers?.map((current) => (current.id === server.id ? server : current)),
      );
      // A server with a new key leaves the banner of keys a restore brought back.
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.servers, 'restored-keys'] });
    },
  });
}
