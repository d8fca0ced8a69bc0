import { z } from 'zod';
import { isAllowEntry } from './integrations/payments/ip-allowlist';

/**
 * The environment the shop reads, as a schema: every variable's type, range and default (the
 * README's Configuration table). config.ts turns the parsed values into the Config.
 */
const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true');

export const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone);
  } catch {
    return false;
  }
}

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis://')
    .optional(),
  DEMO: flag.optional(),
  ADMIN_STEAM_IDS: list.optional(),
  STEAM_OPENID_URL: z.url().optional(),
  STEAM_API_KEY: z.string().min(1).optional(),
  STEAM_API_URL: z.url().optional(),
  FREEKASSA_SHOP_ID: z.string().regex(/^\d+$/, 'must be the numeric shop id').optional(),
  FREEKASSA_SECRET1: z.string().min(1).optional(),
  FREEKASSA_SECRET2: z.string().min(1).optional(),
  FREEKASSA_API_KEY: z.string().min(1).optional(),
  FREEKASSA_PAY_URL: z.url().optional(),
  FREEKASSA_API_URL: z.url().optional(),
  FREEKASSA_ALLOWED_IPS: list.optional(),
  /** YooKassa (config-payments.ts): the shop id and secret key of its API v3. */
  YOOKASSA_SHOP_ID: z
    .string()
    .regex(/^\d{1,12}$/, 'must be the numeric shop id')
    .optional(),
  YOOKASSA_SECRET_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{8,200}$/, 'must be the secret key (live_… or test_…)')
    .optional(),
  YOOKASSA_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Addresses or CIDR ranges notifications may come from; default YooKassa's published list. */
  YOOKASSA_ALLOWED_IPS: list
    .refine((entries) => entries.every(isAllowEntry), 'must be addresses or CIDR ranges')
    .optional(),
  /** Crypto Pay (@CryptoBot → Crypto Pay → the app's API token) and the assets it accepts. */
  CRYPTOPAY_TOKEN: z
    .string()
    .regex(/^\d{1,15}:[A-Za-z0-9_-]{10,100}$/, "must be the app's API token, e.g. 12345:AA…")
    .optional(),
  CRYPTOPAY_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  CRYPTOPAY_ASSETS: list
    .transform((assets) => assets.map((asset) => asset.toUpperCase()))
    .refine(
      (assets) => assets.every((asset) => /^[A-Z0-9]{2,10}$/.test(asset)),
      'must be asset codes such as USDT,TON,BTC',
    )
    .optional(),
  /** Fiscal receipts through YooKassa (config-receipts.ts): off, 54-ФЗ, or self-employed. */
  YOOKASSA_RECEIPTS: z.enum(['none', '54fz', 'self-employed']).optional(),
  /** YooKassa's `tax_system_code` and `vat_code` for 54-ФЗ receipts. */
  YOOKASSA_TAX_SYSTEM: z.coerce.number().int().min(1).max(6).optional(),
  YOOKASSA_VAT_CODE: z.coerce.number().int().min(1).max(12).optional(),
  /** The journal's HMAC key (docs/decisions/0029-keyed-journal.md); required in production. */
  AUDIT_KEY: z
    .string()
    .min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)')
    // `*`: an empty value is told once, by the length above.
    .regex(/^[\x21-\x7e]*$/, 'printable characters only, no spaces')
    .optional(),
  TRUSTED_PROXY: z.string().optional(),
  TRANSLATE_URL: z.url().optional(),
  DISCORD_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Discord linking (OAuth2): the application's id and secret (README, «Discord»). */
  DISCORD_CLIENT_ID: z
    .string()
    .regex(/^\d{15,22}$/, 'must be the numeric application id')
    .optional(),
  DISCORD_CLIENT_SECRET: z.string().min(1).optional(),
  /** VIP roles: the bot's token and the id of the Discord server (guild) it manages roles on. */
  DISCORD_BOT_TOKEN: z.string().min(1).optional(),
  DISCORD_GUILD_ID: z
    .string()
    .regex(/^\d{15,22}$/, 'must be the numeric server id')
    .optional(),
  /** Discord's REST API (without the version) and its OAuth2 page; a stand-in in tests. */
  DISCORD_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  DISCORD_OAUTH_URL: z.url({ protocol: /^https?$/ }).optional(),
  COMMUNITY_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The Telegram bot (README, «Telegram и ВКонтакте»): BotFather's token and the bot's @name. */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d{5,15}:[A-Za-z0-9_-]{20,100}$/, "must be BotFather's token, e.g. 123456:ABC-DEF…")
    .optional(),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .transform((name) => name.replace(/^@/, ''))
    .pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, "must be the bot's username"))
    .optional(),
  /** The Bot API's address; a stand-in in tests. */
  TELEGRAM_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Set: updates come by webhook with this secret header; unset: the leader polls getUpdates. */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, 'letters, digits, "_" or "-", 16 to 256 of them')
    .optional(),
  /** A VK community's token with the «messages» right, for staff notices in a conversation. */
  VK_GROUP_TOKEN: z.string().min(20, "must be the community's access token").optional(),
  VK_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** A session unused this many days ends (it ends at SESSION_TTL_DAYS after sign-in anyway). */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  SHOP_TIMEZONE: z
    .string()
    .default('Europe/Moscow')
    .refine(isTimeZone, 'must be an IANA time zone such as Europe/Moscow'),
  /**
   * Hours before a server's predicted wipe within which a purchase is warned that what it gives
   * may be wiped soon; 0 turns the warning off.
   */
  WIPE_WARN_HOURS: z.coerce.number().int().min(0).max(720).default(3),
  /** Shown on Contacts and in the footer; unset, no e-mail line is shown at all. */
  SUPPORT_EMAIL: z.email().optional(),
  /** Where item icons come from when DATA_DIR/img has none: a URL with {shortname} and/or {id}. */
  ITEM_ICON_URL: z
    .url({ protocol: /^https?$/ })
    .refine((url) => /\{(shortname|id)\}/.test(url), 'must contain {shortname} or {id}')
    .optional(),
  /** `POST /purchase` calls one account may make a minute; load tests raise it. */
  PURCHASE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** Seconds between a follower's tries to take the lead (and the leader's connection checks). */
  LEADER_RETRY_SECONDS: z.coerce.number().int().min(1).max(10).default(5),
  /** Hours between scheduled backups; 0 turns them off. Default: 24 embedded, 0 on PostgreSQL. */
  BACKUP_EVERY_HOURS: z.coerce.number().int().min(0).max(8760).optional(),
  /** Scheduled backups kept in DATA_DIR/backups; the oldest beyond go. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  /** Prefix of every Redis key and channel, so shops (or tests) sharing one Redis stay apart. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,40}$/, 'letters, digits, ":", "_" or "-", at most 40')
    .default('shop:'),
  /** A restored copy (`npm run restore`) goes live at this start: the same as `npm run db:go-live`. */
  SHOP_LIVE: flag.optional(),
  /** json: one JSON object a line (log shippers); pretty: readable lines with local times. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** Turns /metrics on, for Prometheus with `Authorization: Bearer <token>`; unset: no metrics. */
  METRICS_TOKEN: z
    .string()
    .regex(
      /^[\x21-\x7e]{16,200}$/,
      'at least 16 printable characters (e.g. `openssl rand -hex 16`)',
    )
    .optional(),
});

export type Env = z.input<typeof envSchema>;
export type EnvValues = z.output<typeof envSchema>;
