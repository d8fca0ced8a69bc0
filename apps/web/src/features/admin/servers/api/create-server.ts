import { adminServerSchema, type AdminServer, type serverInputSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { invalidateServers } from './invalidate-servers';

/** What the server form sends: the shared schema's output, defaults already applied. */
export type ServerPayload = z.output<typeof serverInputSchema>;

export async function createServer(input: ServerPayload): Promise<AdminServer> {
  return adminServerSchema.parse(await api.post('/admin/servers', input));
}

export function useCreateServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createServer,
    onSuccess: () => invalidateServers(queryClient),
  });
}
