import type { NotificationChannel } from '@shop/shared';
import type { RESTPostAPIWebhookWithTokenJSONBody } from 'discord-api-types/v10';
import type { Api } from 'grammy';
import { asFailure, type DiscordClient } from '../../integrations/discord/discord-client';
import { parseWebhookUrl } from '../../integrations/discord/discord-webhook-url';
import {
  parseTelegramTarget,
  telegramFailure,
  type SendFailure,
} from '../../integrations/telegram/telegram-api';
import { vkFailure, type VkApi } from '../../integrations/vk/vk-api';
import type { TelegramPayload, VkPayload } from './notice';

/** One channel's API as the outbox uses it: send a rendered payload, read a failure. */
export interface ChannelSender {
  /** Why nothing can be sent now (its setting unset), or null. */
  unavailable: string | null;
  /** Sends; the messenger's id of the message. `key`: a number unique to this message. */
  send(target: string, payload: unknown, key: number): Promise<string | null>;
  failure(error: unknown): SendFailure;
}

export type ChannelSenders = Record<NotificationChannel, ChannelSender>;

export function createChannelSenders(deps: {
  telegram: Api | null;
  vk: VkApi | null;
  discord: DiscordClient;
  /** Discord webhook addresses under a stand-in are accepted (demo, tests). */
  discordStandIns: string[];
  /** The name Discord messages are posted under: the owner's, read when each is sent. */
  senderName(): Promise<string>;
}): ChannelSenders {
  const { telegram, vk } = deps;
  return {
    telegram: {
      unavailable: telegram ? null : 'TELEGRAM_BOT_TOKEN не задан',
      async send(target, payload) {
        const chat = parseTelegramTarget(target);
        if (!telegram || !chat) throw new Error('Telegram не настроен');
        const body = payload as TelegramPayload;
        const sent = await telegram.sendMessage(chat.chatId, body.text, {
          parse_mode: body.parse_mode,
          link_preview_options: { is_disabled: true },
          ...(chat.threadId ? { message_thread_id: chat.threadId } : {}),
        });
        return String(sent.message_id);
      },
      failure: telegramFailure,
    },
    vk: {
      unavailable: vk ? null : 'VK_GROUP_TOKEN не задан',
      async send(target, payload, key) {
        if (!vk) throw new Error('ВКонтакте не настроен');
        // random_id: VK ignores a repeat of the same one, so a retried send shows once.
        return String(await vk.send(target, (payload as VkPayload).message, key % 2_147_483_647));
      },
      failure: vkFailure,
    },
    discord: {
      unavailable: null,
      async send(target, payload) {
        const webhook = parseWebhookUrl(target, deps.discordStandIns);
        if (!webhook) throw new Error('Адрес вебхука Discord неверен');
        const username = await deps.senderName().catch(() => undefined);
        const body = payload as RESTPostAPIWebhookWithTokenJSONBody;
        await deps.discord.executeWebhook(webhook, username ? { ...body, username } : body);
        return null;
      },
      failure(error) {
        const failure = asFailure(error);
        // 404: the webhook was deleted; 401: its token is wrong. Neither passes by waiting.
        const refused = failure.status === 404 || failure.status === 401 || failure.status === 400;
        return {
          retry: !refused,
          retryAfterS:
            failure.retryAfterMs === null ? null : Math.ceil(failure.retryAfterMs / 1000),
          message: failure.message,
        };
      },
    },
  };
}
