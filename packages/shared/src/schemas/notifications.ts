import { z } from 'zod';
import { PLAYER_NEWS } from '../player-news';

/** The messengers the shop's outbox sends to. */
export const NOTIFICATION_CHANNELS = ['telegram', 'vk', 'discord'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  telegram: 'Telegram',
  vk: 'ВКонтакте',
  discord: 'Discord',
};

/** What staff can be told of; each destination picks its own. */
export const NOTIFICATION_EVENTS = [
  'purchase',
  'topup',
  'support',
  'delivery_failed',
  'chargeback',
  'backup_stale',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  purchase: 'Покупки и подарки',
  topup: 'Пополнения',
  support: 'Сообщения в поддержку',
  delivery_failed: 'Выдача не удалась или зависла',
  chargeback: 'Отмены пополнений',
  backup_stale: 'Резервная копия устарела',
};

export const notificationDestinationCreateSchema = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS, { error: 'Канал: telegram, vk или discord' }),
  /** A Telegram chat id (with `/topic` for a forum topic), a VK peer_id, or a Discord webhook URL. */
  target: z.string().trim().min(1, 'Укажите, куда отправлять').max(300),
  events: z
    .array(z.enum(NOTIFICATION_EVENTS))
    .min(1, 'Выберите хотя бы одно событие')
    .transform((events) => [...new Set(events)]),
  name: z.string().trim().max(80).optional(),
});
export type NotificationDestinationCreate = z.infer<typeof notificationDestinationCreateSchema>;

export const notificationDestinationSchema = z.object({
  id: z.number().int(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  /** As entered; a Discord webhook's token is masked. */
  target: z.string(),
  name: z.string(),
  events: z.array(z.enum(NOTIFICATION_EVENTS)),
  /** Messages still to send; dead: given up after retries, kept for the admin to read. */
  pending: z.number().int(),
  dead: z.number().int(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationDestination = z.infer<typeof notificationDestinationSchema>;

export const notificationOutboxItemSchema = z.object({
  id: z.number().int(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  destinationId: z.number().int().nullable(),
  /** A staff event, or `player:<news>` for a player's own news. */
  event: z.string(),
  status: z.enum(['pending', 'sent', 'dead', 'dropped']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  /** What the message says, as plain text. */
  preview: z.string(),
});
export type NotificationOutboxItem = z.infer<typeof notificationOutboxItemSchema>;

export const notificationStatusSchema = z.object({
  telegram: z.object({
    /** TELEGRAM_BOT_TOKEN is set; the token itself never leaves the server. */
    enabled: z.boolean(),
    tokenMasked: z.string().nullable(),
    username: z.string().nullable(),
    updates: z.enum(['webhook', 'polling', 'off']),
    linkedAccounts: z.number().int(),
  }),
  vk: z.object({ enabled: z.boolean(), tokenMasked: z.string().nullable() }),
  destinations: z.array(notificationDestinationSchema),
  outbox: z.array(notificationOutboxItemSchema),
  counts: z.object({ pending: z.number().int(), dead: z.number().int(), sent: z.number().int() }),
});
export type NotificationStatus = z.infer<typeof notificationStatusSchema>;

export const notificationTestReplySchema = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
});

/** The Telegram Login Widget's fields, as its callback hands them over. */
export const telegramWidgetSchema = z.object({
  id: z.coerce.number().int().positive(),
  first_name: z.string().max(256).optional(),
  last_name: z.string().max(256).optional(),
  username: z.string().max(64).optional(),
  photo_url: z.string().max(1000).optional(),
  auth_date: z.coerce.number().int().positive(),
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'Неверная подпись Telegram'),
});
export type TelegramWidget = z.infer<typeof telegramWidgetSchema>;

export const telegramLinkViewSchema = z.object({
  /** The bot is set up: linking works. */
  available: z.boolean(),
  botUsername: z.string().nullable(),
  /** The bot for Telegram's Login Widget; null with the demo's stand-in, which Telegram does not know. */
  widgetBot: z.string().nullable(),
  linked: z
    .object({
      telegramId: z.string(),
      username: z.string().nullable(),
      linkedAt: z.string(),
      news: z.record(z.enum(PLAYER_NEWS), z.boolean()),
    })
    .nullable(),
});
export type TelegramLinkView = z.infer<typeof telegramLinkViewSchema>;

export const telegramLinkCodeReplySchema = z.object({
  /** `https://t.me/<bot>?start=<code>`: opened once within 10 minutes, it links the account. */
  url: z.string(),
  expiresAt: z.string(),
});

export const telegramNewsUpdateSchema = z.object({
  news: z.partialRecord(z.enum(PLAYER_NEWS), z.boolean()),
});
