import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateServers } from './invalidate-servers';

export async function deleteServer(id: number): Promise<void> {
  await api.delete(`/admin/servers/${id}`);
}

export function useDeleteServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteServer,
    onSuccess: () => invalidateServers(queryClient),
  });
}
