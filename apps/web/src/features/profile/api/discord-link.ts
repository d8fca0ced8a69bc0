import type { DiscordLinkView } from '@shop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const discordKey = ['user', 'discord-link'] as const;
/** Where the browser keeps its half of a linking under way: this tab only, gone when it closes. */
export const DISCORD_STATE_KEY = 'shop.discordLinkState';

export function useDiscordLink() {
  return useQuery({
    queryKey: discordKey,
    queryFn: ({ signal }) => api.get<DiscordLinkView>('/discord/link', { signal }),
  });
}

/** A random state for OAuth2 (URL-safe), kept here and sent back with Discord's code. */
function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Starts linking: the state goes to sessionStorage and its hash to the server; then to Discord. */
export async function startDiscordLink(): Promise<void> {
  const state = randomState();
  sessionStorage.setItem(DISCORD_STATE_KEY, state);
  const { url } = await api.post<{ url: string }>('/discord/link/start', { state });
  window.location.assign(url);
}

/** The callback: this browser's state must match the one Discord brought back. */
export async function finishDiscordLink(
  code: string,
  returnedState: string,
): Promise<DiscordLinkView> {
  const state = sessionStorage.getItem(DISCORD_STATE_KEY);
  sessionStorage.removeItem(DISCORD_STATE_KEY);
  if (!state || state !== returnedState) throw new Error('state');
  return api.post<DiscordLinkView>('/discord/link/finish', { state, code });
}

export function useUnlinkDiscord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<DiscordLinkView>('/discord/link'),
    onSuccess: (view) => queryClient.setQueryData(discordKey, view),
  });
}
