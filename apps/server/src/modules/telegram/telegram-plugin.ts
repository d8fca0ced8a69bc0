import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Api } from 'grammy';
import { sql } from 'drizzle-orm';
import type { TelegramConfig } from '../../config-messengers';
import { createTelegramApi } from '../../integrations/telegram/telegram-api';
import { createTelegramBot, type TelegramBot } from './telegram-bot';
import { createTelegramLinks, type TelegramLinks } from './telegram-links';
import { createTelegramUpdates } from './telegram-updates';

declare module 'fastify' {
  interface FastifyInstance {
    telegram: {
      config: TelegramConfig;
      publicUrl: string;
      /** The Bot API; null without TELEGRAM_BOT_TOKEN. */
      api: Api | null;
      bot: TelegramBot | null;
      links: TelegramLinks;
      /** Reads pending updates once (tests; the leader long-polls on its own). */
      pollOnce(timeoutS?: number): Promise<number>;
      /** The leader's update source: polling, or the webhook's registration. */
      updates: { start(): void | Promise<void>; stop(): void | Promise<void> } | null;
    };
  }
}

export interface TelegramOptions {
  config: TelegramConfig;
  publicUrl: string;
  /** ADMIN_STEAM_IDS: owners may answer chats from Telegram. */
  owners: ReadonlySet<string>;
  /** false: tests start polling or poll by hand. */
  autostart: boolean;
}

/** Which parts run, for the start log: never the token. */
export function telegramFeatures(config: TelegramConfig): string {
  if (!config.token) return 'Telegram: off (TELEGRAM_BOT_TOKEN unset)';
  const updates = config.webhookSecret ? 'updates by webhook' : 'updates by polling on the leader';
  return `Telegram: bot @${config.username ?? '?'}${config.standIn ? ' (demo stand-in)' : ''}, ${updates}`;
}

async function telegramPlugin(app: FastifyInstance, options: TelegramOptions) {
  const { config } = options;
  const api = createTelegramApi(config);
  const bot = api ? createTelegramBot(app, api, options.owners) : null;
  const updates = api && bot ? createTelegramUpdates(app.db, api, bot, config, app.log) : null;
  app.decorate('telegram', {
    config,
    publicUrl: options.publicUrl,
    api,
    bot,
    links: createTelegramLinks(app.db),
    pollOnce: (timeoutS?: number) => updates?.pollOnce(timeoutS) ?? Promise.resolve(0),
    updates,
  });
  if (options.autostart && updates) {
    app.leadership.whileLeader('telegram updates', updates);
    // Handled update ids are kept a week: long past any redelivery, and the newest is kept for polling.
    app.leadership.every('telegram update ids', 6 * 60 * 60_000, () =>
      app.db.execute(sql`delete from telegram_updates where received_at < now() - interval '7 days'
        and update_id < (select max(update_id) from telegram_updates)`),
    );
  }
  app.addHook('onReady', async () => app.log.info(telegramFeatures(config)));
}

export default fp(telegramPlugin, { name: 'telegram', dependencies: ['database', 'leadership'] });
