import type { DiscordRolesInput, DiscordStatus } from '@shop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

const key = [...adminKeys.all, 'discord'] as const;

/** The Discord section: refreshed while open, so pending jobs and webhook errors show as they change. */
export function useDiscordStatus() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<DiscordStatus>('/admin/discord', { signal }),
    refetchInterval: 15_000,
  });
}

function useDiscordMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useSaveDiscordRoles = () =>
  useDiscordMutation((input: DiscordRolesInput) => api.put('/admin/discord/roles', input));
