import { moderationReplySchema, type ModerationReply } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

export type ModerationKind = 'mute' | 'unmute' | 'ban' | 'unban';

export async function moderateUser({
  userId,
  kind,
  input,
}: {
  userId: number;
  kind: ModerationKind;
  input: Record<string, unknown>;
}): Promise<ModerationReply> {
  return moderationReplySchema.parse(await api.post(`/admin/users/${userId}/${kind}`, input));
}

export function useModerateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.auditAll }),
  });
}
