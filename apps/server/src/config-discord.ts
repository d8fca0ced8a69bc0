import type { EnvValues } from './config-env';

/** Where demo mode mounts its Discord stand-in within this very process. */
export const DEMO_DISCORD_PATH = '/api/demo/discord';
/** The demo's application and server ids (not secrets); its secret and token are DEMO_SECRETS'. */
export const DEMO_DISCORD_IDS = {
  clientId: '100000000000000001',
  guildId: '100000000000000002',
} as const;

const DISCORD_API = 'https://discord.com/api';
const DISCORD_OAUTH = 'https://discord.com/oauth2/authorize';

export interface DiscordConfig {
  clientId: string | null;
  clientSecret: string | null;
  botToken: string | null;
  guildId: string | null;
  /** REST API base without the version (`/v10` is added by the client). */
  apiUrl: string;
  /** The OAuth2 page the browser is sent to. */
  oauthUrl: string;
  /** Where Discord sends the browser back after OAuth2: the web app's callback page. */
  redirectUri: string;
  /** Linking works: the application's id and secret are set. */
  linking: boolean;
  /** VIP roles work: the bot's token and the server id are set (and linking, to know whom). */
  roles: boolean;
  /** The API is a stand-in (demo, tests): webhook URLs under it are accepted besides discord.com's. */
  standIn: boolean;
}

/**
 * Discord's settings, all optional: each feature is on when its pair is set. Demo mode with none
 * set runs against the built-in stand-in with published demo values. Returns the problems found.
 */
export function discordConfig(
  e: EnvValues,
  demo: boolean,
  publicUrl: string,
  demoSecrets: { DISCORD_CLIENT_SECRET: string; DISCORD_BOT_TOKEN: string },
): { config: DiscordConfig; problems: string[] } {
  const problems: string[] = [];
  const pair = (a: keyof EnvValues, b: keyof EnvValues) => {
    if (Boolean(e[a]) !== Boolean(e[b]))
      problems.push(`${a} and ${b} are set together or not at all.`);
  };
  pair('DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET');
  pair('DISCORD_BOT_TOKEN', 'DISCORD_GUILD_ID');
  const anySet = [
    e.DISCORD_CLIENT_ID,
    e.DISCORD_CLIENT_SECRET,
    e.DISCORD_BOT_TOKEN,
    e.DISCORD_GUILD_ID,
    e.DISCORD_API_URL,
    e.DISCORD_OAUTH_URL,
  ].some(Boolean);
  const useDemo = demo && !anySet;
  const apiUrl = (
    e.DISCORD_API_URL ??
    (useDemo ? `http://127.0.0.1:${e.PORT}${DEMO_DISCORD_PATH}/api` : DISCORD_API)
  ).replace(/\/+$/, '');
  const clientId = e.DISCORD_CLIENT_ID ?? (useDemo ? DEMO_DISCORD_IDS.clientId : null);
  const clientSecret =
    e.DISCORD_CLIENT_SECRET ?? (useDemo ? demoSecrets.DISCORD_CLIENT_SECRET : null);
  const botToken = e.DISCORD_BOT_TOKEN ?? (useDemo ? demoSecrets.DISCORD_BOT_TOKEN : null);
  const guildId = e.DISCORD_GUILD_ID ?? (useDemo ? DEMO_DISCORD_IDS.guildId : null);
  const linking = Boolean(clientId && clientSecret);
  return {
    problems,
    config: {
      clientId,
      clientSecret,
      botToken,
      guildId,
      apiUrl,
      oauthUrl:
        e.DISCORD_OAUTH_URL ??
        (useDemo ? `${publicUrl}${DEMO_DISCORD_PATH}/oauth2/authorize` : DISCORD_OAUTH),
      redirectUri: `${publicUrl}/discord/callback`,
      linking,
      roles: linking && Boolean(botToken && guildId),
      standIn: apiUrl !== DISCORD_API,
    },
  };
}
