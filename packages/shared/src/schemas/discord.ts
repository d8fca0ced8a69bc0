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
});
export type DiscordStatus = z.infer<typeof discordStatusSchema>;
