import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import { registerFakeDiscord, type FakeDiscordState } from '../integrations/discord/fake-discord';

export interface FakeDiscord {
  state: FakeDiscordState;
  /** For DISCORD_API_URL. */
  apiUrl: string;
  /** For DISCORD_OAUTH_URL. */
  oauthUrl: string;
  /** The environment that points a test shop at this stand-in, every Discord feature on. */
  env: Record<string, string>;
  /** A channel webhook's address, as Discord's channel settings show it. */
  createWebhookUrl(): string;
  close(): Promise<void>;
}

export const FAKE_DISCORD_SETTINGS = {
  clientId: '110000000000000001',
  clientSecret: 'fake-discord-client-secret',
  botToken: 'fake-discord-bot-token',
  guildId: '110000000000000002',
};

/** Discord's stand-in on its own loopback port, as the shop meets Discord. */
export async function startFakeDiscord(): Promise<FakeDiscord> {
  const app = Fastify();
  await app.register(formbody);
  const state = registerFakeDiscord(app, { prefix: '', settings: FAKE_DISCORD_SETTINGS });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const origin = `http://127.0.0.1:${address.port}`;
  const apiUrl = `${origin}/api`;
  return {
    state,
    apiUrl,
    oauthUrl: `${origin}/oauth2/authorize`,
    env: {
      DISCORD_CLIENT_ID: FAKE_DISCORD_SETTINGS.clientId,
      DISCORD_CLIENT_SECRET: FAKE_DISCORD_SETTINGS.clientSecret,
      DISCORD_BOT_TOKEN: FAKE_DISCORD_SETTINGS.botToken,
      DISCORD_GUILD_ID: FAKE_DISCORD_SETTINGS.guildId,
      DISCORD_API_URL: apiUrl,
      DISCORD_OAUTH_URL: `${origin}/oauth2/authorize`,
    },
    createWebhookUrl() {
      const { id, token } = state.createWebhook();
      return `${apiUrl}/webhooks/${id}/${token}`;
    },
    close: () => app.close(),
  };
}
