import type { FastifyInstance } from 'fastify';
import {
  DEMO_FREEKASSA_PATH,
  DEMO_OPENID_PATH,
  DEMO_STEAM_API_PATH,
  type Config,
} from '../../config';
import { DEMO_DISCORD_PATH } from '../../config-discord';
import { registerFakeDiscord } from '../../integrations/discord/fake-discord';
import { DEMO_TELEGRAM_PATH } from '../../config-messengers';
import { registerFakeTelegram } from '../../integrations/telegram/fake-telegram';
import { registerFakeTelegramPage } from '../../integrations/telegram/fake-telegram-page';
import { registerFakeFreekassa } from '../../integrations/freekassa/fake-freekassa';
import { registerFakeOpenIdProvider } from '../../integrations/steam/fake-openid-provider';
import { registerFakeSteamApi } from '../../integrations/steam/fake-steam-api';
import { registerDemoPayments } from './demo-payments';

/**
 * Demo mode only, mounted at the root (the paths carry /api): stand-ins for Steam (OpenID provider,
 * Web API) and FreeKassa (payment page, API), so the shop's real sign-in and payment code runs against
 * them over HTTP with no accounts needed. Discord's stand-in (OAuth2, roles, webhooks) likewise.
 */
export default async function demoRoutes(app: FastifyInstance, { config }: { config: Config }) {
  registerFakeOpenIdProvider(app, {
    path: DEMO_OPENID_PATH,
    endpointUrl: () => config.publicUrl + DEMO_OPENID_PATH,
  });
  registerFakeSteamApi(app, DEMO_STEAM_API_PATH, () => config.publicUrl);
  // The demo payment page notifies the shop over loopback, as FreeKassa would over the internet.
  // (The demo always has FreeKassa: only production goes without it.)
  if (config.freekassa) {
    registerFakeFreekassa(app, {
      prefix: DEMO_FREEKASSA_PATH,
      settings: config.freekassa,
      notifyUrl: () => `http://127.0.0.1:${config.port}/api/payments/freekassa/notify`,
      successUrl: () => `${config.publicUrl}/payment-success`,
      failUrl: () => `${config.publicUrl}/payment-cancel`,
      publicUrl: () => config.publicUrl,
    });
  }
  // YooKassa's and Crypto Pay's stand-ins and their payment pages, on the demo's values only.
  registerDemoPayments(app, config);
  // Discord's stand-in, when the shop runs on the demo's Discord values (no Discord settings set).
  const discord = config.discord;
  if (discord.apiUrl.endsWith(`${DEMO_DISCORD_PATH}/api`) && discord.clientId && discord.guildId) {
    registerFakeDiscord(app, {
      prefix: DEMO_DISCORD_PATH,
      demoChannel: true,
      settings: {
        clientId: discord.clientId,
        clientSecret: discord.clientSecret ?? '',
        botToken: discord.botToken ?? '',
        guildId: discord.guildId,
      },
    });
  }
  // Telegram's stand-in and its window (README, «Telegram и ВКонтакте»), when no Telegram setting is set.
  const telegram = config.telegram;
  if (telegram.standIn && telegram.token && telegram.username) {
    const state = registerFakeTelegram(app, {
      prefix: DEMO_TELEGRAM_PATH,
      token: telegram.token,
      username: telegram.username,
    });
    registerFakeTelegramPage(app, state, DEMO_TELEGRAM_PATH);
  }
}
