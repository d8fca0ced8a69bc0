import { rconReplySchema } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type RconReply = z.infer<typeof rconReplySchema>;

export async function runRconCommand({
  serverId,
  command,
}: {
  serverId: number;
  command: string;
}): Promise<RconReply> {
  return rconReplySchema.parse(await api.post(`/admin/rcon/${serverId}`, { command }));
}

export function useRunRconCommand() {
  return useMutation({ mutationFn: runRconCommand });
}
