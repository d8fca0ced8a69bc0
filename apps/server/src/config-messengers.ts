import type { EnvValues } from './config-env';

/** Where demo mode mounts its Telegram stand-in within this very process. */
export const DEMO_TELEGRAM_PATH = '/api/demo/telegram';
/** The stand-in's bot: published, so refused outside demo mode. */
export const DEMO_TELEGRAM = {
  token: '1000000001:demo-telegram-bot-token',
  username: 'rusty_demo_bot',
};

const TELEGRAM_API = 'https://api.telegram.org';
const VK_API = 'https://api.vk.com/method';
/** Where Telegram delivers updates when TELEGRAM_WEBHOOK_SECRET is set. */
export const TELEGRAM_WEBHOOK_PATH = '/api/telegram/webhook';

export interface TelegramConfig {
  /** TELEGRAM_BOT_TOKEN; null: no Telegram at all. Never logged or shown whole. */
  token: string | null;
  username: string | null;
  /** Calls go to `${apiUrl}/bot<token>/<method>`. */
  apiUrl: string;
  /** TELEGRAM_WEBHOOK_SECRET: updates come to the webhook; unset, the leader polls. */
  webhookSecret: string | null;
  /** PUBLIC_URL + the webhook's path, registered with setWebhook at start. */
  webhookUrl: string;
  /** The demo's built-in stand-in. */
  standIn: boolean;
}

export interface VkConfig {
  /** VK_GROUP_TOKEN: the community's token for messages.send; never logged or shown whole. */
  token: string | null;
  apiUrl: string;
}

/**
 * Telegram's and VK's settings, all optional. Demo mode with none of Telegram's set talks to the
 * built-in stand-in. Returns the problems found, each naming its variable.
 */
export function messengersConfig(
  e: EnvValues,
  demo: boolean,
  publicUrl: string,
): { telegram: TelegramConfig; vk: VkConfig; problems: string[] } {
  const problems: string[] = [];
  const anySet = [
    e.TELEGRAM_BOT_TOKEN,
    e.TELEGRAM_BOT_USERNAME,
    e.TELEGRAM_API_URL,
    e.TELEGRAM_WEBHOOK_SECRET,
  ].some(Boolean);
  const useDemo = demo && !anySet;
  if (!demo && e.TELEGRAM_BOT_TOKEN === DEMO_TELEGRAM.token) {
    problems.push("TELEGRAM_BOT_TOKEN is the demo's published token, accepted only with DEMO=1.");
  }
  if (e.TELEGRAM_BOT_TOKEN && !e.TELEGRAM_BOT_USERNAME) {
    problems.push(
      "TELEGRAM_BOT_USERNAME is required with TELEGRAM_BOT_TOKEN (the bot's @name, for links).",
    );
  }
  const apiUrl = (
    e.TELEGRAM_API_URL ??
    (useDemo ? `http://127.0.0.1:${e.PORT}${DEMO_TELEGRAM_PATH}` : TELEGRAM_API)
  ).replace(/\/+$/, '');
  const standIn = apiUrl !== TELEGRAM_API;
  const webhookUrl = `${publicUrl}${TELEGRAM_WEBHOOK_PATH}`;
  // Telegram delivers webhooks over HTTPS only; a stand-in (tests) takes plain HTTP.
  if (e.TELEGRAM_WEBHOOK_SECRET && !standIn && !webhookUrl.startsWith('https://')) {
    problems.push(
      'TELEGRAM_WEBHOOK_SECRET needs PUBLIC_URL on https:// (Telegram sends webhooks over HTTPS only); unset it to poll instead.',
    );
  }
  return {
    problems,
    telegram: {
      token: e.TELEGRAM_BOT_TOKEN ?? (useDemo ? DEMO_TELEGRAM.token : null),
      username: e.TELEGRAM_BOT_USERNAME ?? (useDemo ? DEMO_TELEGRAM.username : null),
      apiUrl,
      webhookSecret: e.TELEGRAM_WEBHOOK_SECRET ?? null,
      webhookUrl,
      standIn: useDemo,
    },
    vk: {
      token: e.VK_GROUP_TOKEN ?? null,
      apiUrl: (e.VK_API_URL ?? VK_API).replace(/\/+$/, ''),
    },
  };
}

/**
 * The bot Telegram's Login Widget may show, or null: the widget needs a bot Telegram knows (and its
 * /setdomain), so never the demo's stand-in. Also what widens the pages' CSP to Telegram's script.
 */
export function telegramWidgetBot(config: TelegramConfig): string | null {
  return config.token && config.username && !config.standIn ? config.username : null;
}

/** A token as the panel shows it: enough to tell two apart, never enough to use. */
export function maskToken(token: string | null): string | null {
  if (!token) return null;
  return `${token.slice(0, 4)}…${token.slice(-3)}`;
}
