import type { NotificationChannel, NotificationEvent } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEMO_DISCORD_PATH } from '../../config-discord';
import type { TelegramConfig, VkConfig } from '../../config-messengers';
import { createVkApi } from '../../integrations/vk/vk-api';
import { createChannelSenders, type ChannelSenders } from './channel-senders';
import { createDestinations } from './destinations';
import { createEventScan, type EventScan } from './event-scan';
import { createOutboxSender, type OutboxSender } from './outbox-sender';
import { createSendLimits } from './send-limits';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: {
      telegram: TelegramConfig;
      vk: VkConfig;
      senders: ChannelSenders;
      /** Discord webhook addresses under these are accepted besides discord.com's (demo, tests). */
      discordStandIns: string[];
      /** Turns new shop events into messages for the destinations and players that want them. */
      scan: EventScan;
      outbox: OutboxSender;
      /** Scan, then send: what the leader does every few seconds (tests call it by hand). */
      flush(): Promise<number>;
    };
  }
}

export interface NotificationsOptions {
  telegram: TelegramConfig;
  vk: VkConfig;
  publicUrl: string;
  backupEveryHours: number;
  /** false: nothing runs on its own (tests scan and send by hand). */
  autostart: boolean;
  intervalMs?: number;
}

/**
 * One durable outbox for every messenger (Telegram, VK, Discord webhooks): the leader scans shop
 * events into it and sends it within each API's limits; every other process only reads it for the
 * panel. See docs/decisions/0038-notification-outbox.md.
 */
async function notificationsPlugin(app: FastifyInstance, options: NotificationsOptions) {
  const discordStandIns = app.discord.config.standIn
    ? [app.discord.config.apiUrl, `${options.publicUrl}${DEMO_DISCORD_PATH}/api`]
    : [];
  const senders = createChannelSenders({
    telegram: app.telegram.api,
    vk: createVkApi(options.vk),
    discord: app.discord.client,
    discordStandIns,
    senderName: async () => (await app.site.current()).content.notices.webhookSender,
  });
  const outbox = createOutboxSender(app.db, senders, createSendLimits(), app.log);
  const scan = createEventScan(app.db, app.log, {
    publicUrl: options.publicUrl,
    backupEveryHours: options.backupEveryHours,
    telegram: Boolean(options.telegram.token),
  });
  const flush = async () => {
    await scan.scan();
    return outbox.send();
  };
  app.decorate('notifications', {
    telegram: options.telegram,
    vk: options.vk,
    senders,
    discordStandIns,
    scan,
    outbox,
    flush,
  });
  if (options.autostart) app.leadership.every('notifications', options.intervalMs ?? 3_000, flush);
}

export default fp(notificationsPlugin, {
  name: 'notifications',
  dependencies: ['database', 'leadership', 'discord', 'telegram', 'site'],
});

/**
 * A destination added unless that chat is already one (the demo's staff group): the module's own
 * write, for the demo world to call.
 */
export async function addDestinationIfMissing(
  app: FastifyInstance,
  input: {
    channel: NotificationChannel;
    target: string;
    name: string;
    events: NotificationEvent[];
  },
): Promise<boolean> {
  return Boolean(await createDestinations(app.db).create(input));
}
