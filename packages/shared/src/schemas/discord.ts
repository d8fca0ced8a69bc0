import { z } from 'zod';

/** What a player's profile shows of Discord: whether linking is on, and the linked account. */
export const discordLinkViewSchema = z.object({
  available: z.boolean(),
  linked: z.object({ username: z.string(), linkedAt: z.string() }).nullable(),
});
export type DiscordLinkView = z.infer<typeof discordLinkViewSchema>;

/**
 * The browser's random OAuth2 state: kept in its sessionStorage and sent back with the code, so a
 * callback opened in another browser (or forged) links nothing.
 */
export const discordStateSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{32,128}$/, 'Неверный параметр привязки Discord');

export const discordLinkStartSchema = z.object({ state: discordStateSchema });
export const discordLinkStartReplySchema = z.object({ url: z.string() });
export const discordLinkFinishSchema = z.object({
  state: discordStateSchema,
  code: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'Неверный код Discord'),
});

export const DISCORD_EVENTS = [
  'purchase',
  'topup',
  'support',
  'delivery',
  'wipe',
  'reversal',
] as const;
export type DiscordEvent = (typeof DISCORD_EVENTS)[number];
export const DISCORD_EVENT_LABELS: Record<DiscordEvent, string> = {
  purchase: 'Покупки и подарки',
  topup: 'Пополнения',
  support: 'Сообщения в поддержку',
  delivery: 'Выдача не удалась или зависла',
  wipe: 'Вайпы',
  reversal: 'Отмены пополнений',
};

const snowflake = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{15,22}$/, message);

export const discordRolesSchema = z.object({
  roles: z
    .array(
      z.object({
        tier: z.string().trim().min(1).max(64),
        /** Empty: the tier gives no role. */
        roleId: z.union([snowflake('ID роли — число из 15–22 цифр'), z.literal('')]),
      }),
    )
    .max(50),
});
export type DiscordRolesInput = z.infer<typeof discordRolesSchema>;

const webhookEvents = z
  .array(z.enum(DISCORD_EVENTS))
  .min(1, 'Выберите хотя бы одно событие')
  .transform((events) => [...new Set(events)]);

export const discordWebhookCreateSchema = z.object({
  name: z.string().trim().min(1, 'Укажите название').max(80),
  url: z.string().trim().min(1, 'Укажите адрес вебхука').max(300),
  events: webhookEvents,
});
export const discordWebhookUpdateSchema = z.object({
  name: z.string().trim().min(1, 'Укажите название').max(80).optional(),
  events: webhookEvents.optional(),
  enabled: z.boolean().optional(),
});

export const discordWebhookViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The address without its token. */
  url: z.string(),
  events: z.array(z.enum(DISCORD_EVENTS)),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  pending: z.number().int(),
});
export type DiscordWebhookView = z.infer<typeof discordWebhookViewSchema>;

export const discordStatusSchema = z.object({
  linking: z.object({ enabled: z.boolean(), linkedPlayers: z.number().int() }),
  roles: z.object({
    enabled: z.boolean(),
    /** Tiers the shop sells, and any mapped before: each with its role id or ''. */
    mappings: z.array(z.object({ tier: z.string(), roleId: z.string() })),
    pending: z.number().int(),
    failing: z.number().int(),
    lastError: z.string().nullable(),
  }),
  webhooks: z.array(discordWebhookViewSchema),
});
export type DiscordStatus = z.infer<typeof discordStatusSchema>;

export const discordTestReplySchema = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
});
