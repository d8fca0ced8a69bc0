import { adminServerSchema, type AdminServer } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ServerPayload } from './create-server';
import { invalidateServers } from './invalidate-servers';

export async function updateServer({
  id,
  input,
}: {
  id: number;
  input: ServerPayload;
}): Promise<AdminServer> {
  return adminServerSchema.parse(await api.put(`/admin/servers/${id}`, input));
}

export function useUpdateServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateServer,
    onSuccess: () => invalidateServers(queryClient),
  });
}
