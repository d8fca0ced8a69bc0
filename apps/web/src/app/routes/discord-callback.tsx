import { DiscordCallbackPage } from '@/features/profile/components/discord-callback-page';

/** Discord's OAuth2 return: PUBLIC_URL/discord/callback, the redirect registered in Discord. */
export function DiscordCallbackRoute() {
  return <DiscordCallbackPage />;
}
