import type { PlayerNews, TelegramLinkView } from '@shop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const telegramKey = ['user', 'telegram-link'] as const;

/** The account's Telegram; checked every few seconds while a deep link waits to be opened. */
export function useTelegramLink(waiting: boolean) {
  return useQuery({
    queryKey: telegramKey,
    queryFn: ({ signal }) => api.get<TelegramLinkView>('/telegram/link', { signal }),
    refetchInterval: waiting ? 3_000 : false,
  });
}

/** A one-time t.me/<bot>?start=<code> link: opened in Telegram within 10 minutes, it links. */
export const requestTelegramLink = () =>
  api.post<{ url: string; expiresAt: string }>('/telegram/link/code');

export function useUnlinkTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/telegram/link'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: telegramKey }),
  });
}

export function useTelegramNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (news: Partial<Record<PlayerNews, boolean>>) =>
      api.put<TelegramLinkView>('/telegram/link/news', { news }),
    onSuccess: (view) => queryClient.setQueryData(telegramKey, view),
  });
}
