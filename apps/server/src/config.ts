import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { AUDIT_KEY_FILE, localAuditKey } from './config-audit-key';
import { discordConfig, type DiscordConfig } from './config-discord';
import { receiptsConfig, type ReceiptSettings } from './config-receipts';
import { configProblems, describeProblems } from './config-check';
import { envSchema, list } from './config-env';
import {
  paymentProvidersConfig,
  type CryptopayConfig,
  type YookassaConfig,
} from './config-payments';
import { messengersConfig, type TelegramConfig, type VkConfig } from './config-messengers';
import {
  DEMO_ADMIN_STEAM_ID,
  DEMO_FREEKASSA_PATH,
  DEMO_OPENID_PATH,
  DEMO_SECRETS,
  DEVELOPMENT_AUDIT_KEY,
  publishedDemoValues,
  realProviderSettings,
  steamApi,
} from './config-demo';

export type { Env } from './config-env';
// The demo's published values live in config-demo.ts; importers read them from here as before.
export {
  DEMO_ADMIN_STEAM_ID,
  DEMO_FREEKASSA_PATH,
  DEMO_OPENID_PATH,
  DEMO_SECRETS,
  DEMO_STEAM_API_KEY,
  DEMO_STEAM_API_PATH,
  DEVELOPMENT_AUDIT_KEY,
} from './config-demo';

const STEAM_COMMUNITY_OPENID = 'https://steamcommunity.com/openid/login';
const FREEKASSA_ADDRESSES = '168.119.157.136,168.119.60.227,178.154.197.79,51.250.54.238';

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  demo: boolean;
  adminSteamIds: ReadonlySet<string>;
  steam: { openidUrl: string; apiKey: string | undefined; apiUrl: string };
  /**
   * FreeKassa; null in production until its four settings are set (config-providers-check.ts).
   * Outside production it is always there (demo: the stand-in; elsewhere: no merchant).
   */
  freekassa: {
    shopId: string;
    secret1: string;
    secret2: string;
    apiKey: string;
    payUrl: string;
    apiUrl: string;
    allowedIps: readonly string[];
  } | null;
  /** YooKassa and Crypto Pay, each null until its settings are set (config-payments.ts). */
  yookassa: YookassaConfig | null;
  cryptopay: CryptopayConfig | null;
  trustProxy: string | undefined;
  translateUrl: string | undefined;
  /** DISCORD_URL and COMMUNITY_URL of an older install: the community links until the owner sets them. */
  links: { discord: string | undefined; community: string | undefined };
  /** Discord linking, VIP roles and the API they use (config-discord.ts). */
  discord: DiscordConfig;
  /** The Telegram bot and the VK community token (config-messengers.ts). */
  telegram: TelegramConfig;
  vk: VkConfig;
  /** Fiscal receipts through YooKassa (config-receipts.ts). */
  receipts: ReceiptSettings;
  logLevel: string;
  sessionTtlDays: number;
  /** SESSION_IDLE_DAYS: a session unused this long ends before its TTL. */
  sessionIdleDays: number;
  /** Where the shop's calendar days begin and end (revenue "today", payment statistics). */
  shopTimeZone: string;
  /** WIPE_WARN_HOURS: a purchase this close to a server's predicted wipe is warned of (0: never). */
  wipeWarnHours: number;
  supportEmail: string | null;
  itemIconUrl: string | null;
  purchaseLimitPerMinute: number;
  leaderRetryMs: number;
  redisKeyPrefix: string;
  /** Scheduled backups into DATA_DIR/backups: every N hours (0: off), keeping the newest `keep`. */
  backups: { everyHours: number; keep: number };
  /** AUDIT_KEY: the journal's HMAC key; never logged. */
  auditKey: string;
  /** SHOP_LIVE=1: a restored copy becomes the live shop at this start. */
  shopLive: boolean;
  /** LOG_FORMAT: pretty by default in the demo and in development, JSON lines otherwise. */
  logFormat: 'json' | 'pretty';
  /** METRICS_TOKEN: /metrics answers only with it; undefined serves no metrics. */
  metricsToken: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The one place that reads the environment. Throws a ConfigError naming the variable at fault,
 * so a misconfigured production instance refuses to start instead of running half-right.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Everything wrong at once, each with its fix (config-check.ts); the checks below are the rest.
  const problems = configProblems(env);
  if (problems.length > 0) throw new ConfigError(describeProblems(problems));
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  // Demo mode only when asked for (`npm start` asks): its stand-ins hand out money and sign-ins.
  const demo = e.DEMO ?? false;

  if (production && demo) {
    throw new ConfigError('DEMO must be 0 in production (NODE_ENV=production).');
  }
  if (demo) {
    const real = realProviderSettings(e);
    if (real.length > 0) {
      throw new ConfigError(
        `DEMO=1 runs built-in stand-ins of Steam and the payment providers and cannot run beside real provider settings (${real.join(', ')} set). Unset DEMO to use them.`,
      );
    }
  } else {
    const published = publishedDemoValues(e);
    if (published.length > 0) {
      const is =
        published.length === 1
          ? "is the demo's published value"
          : "are the demo's published values";
      throw new ConfigError(
        `${published.join(', ')} ${is}, accepted only with DEMO=1: set your own${production ? '' : ', or leave it unset'}.`,
      );
    }
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');

  const secret = (name: keyof typeof DEMO_SECRETS): string => {
    const value = e[name];
    if (value) return value;
    if (demo) return DEMO_SECRETS[name];
    // Unset outside the demo (development, tests): no merchant, and secrets nobody knows, so no
    // payment notification can be signed until the real settings are in.
    return name === 'FREEKASSA_SHOP_ID' ? '0' : randomBytes(32).toString('hex');
  };

  const freekassaSettings = {
    shopId: secret('FREEKASSA_SHOP_ID'),
    secret1: secret('FREEKASSA_SECRET1'),
    secret2: secret('FREEKASSA_SECRET2'),
    apiKey: secret('FREEKASSA_API_KEY'),
    // Demo mode pays through the built-in stand-in; the shop calls its API over loopback.
    payUrl:
      e.FREEKASSA_PAY_URL ??
      (demo ? `${publicUrl}${DEMO_FREEKASSA_PATH}/pay` : 'https://pay.fk.money/'),
    apiUrl: (
      e.FREEKASSA_API_URL ??
      (demo ? `http://127.0.0.1:${e.PORT}${DEMO_FREEKASSA_PATH}/api` : 'https://api.fk.life')
    ).replace(/\/+$/, ''),
    allowedIps: e.FREEKASSA_ALLOWED_IPS ?? (demo ? [] : list.parse(FREEKASSA_ADDRESSES)),
  };
  // Production takes FreeKassa only with all its settings (config-check.ts named any it lacks).
  const freekassa = production && !e.FREEKASSA_SHOP_ID ? null : freekassaSettings;

  const discord = discordConfig(e, demo, publicUrl, DEMO_SECRETS);
  if (discord.problems.length > 0) throw new ConfigError(discord.problems.join(' '));
  const providers = paymentProvidersConfig(e, demo, production);
  if (providers.problems.length > 0) throw new ConfigError(providers.problems.join(' '));
  const messengers = messengersConfig(e, demo, publicUrl);
  if (messengers.problems.length > 0) throw new ConfigError(messengers.problems.join(' '));
  const receipts = receiptsConfig(e);
  if (receipts.problems.length > 0) throw new ConfigError(receipts.problems.join(' '));

  if (production && freekassa && freekassa.allowedIps.length === 0) {
    throw new ConfigError('FREEKASSA_ALLOWED_IPS may not be empty in production.');
  }
  if (production && !e.ADMIN_STEAM_IDS?.length) {
    throw new ConfigError('ADMIN_STEAM_IDS is required in production (at least one admin).');
  }
  if (production && (!e.AUDIT_KEY || e.AUDIT_KEY === DEVELOPMENT_AUDIT_KEY)) {
    throw new ConfigError(
      'AUDIT_KEY is required in production: a secret of at least 32 characters (e.g. `openssl rand -hex 32`).',
    );
  }
  // Outside production, a shop that is not a demo keys its journal with its own random key.
  const ownsAuditKey = !e.AUDIT_KEY && !demo && e.NODE_ENV === 'development';
  const ownAuditKey = ownsAuditKey ? localAuditKey(path.resolve(e.DATA_DIR)) : null;
  if (ownsAuditKey && !ownAuditKey) {
    throw new ConfigError(
      `AUDIT_KEY is unset and ${path.join(path.resolve(e.DATA_DIR), AUDIT_KEY_FILE)} cannot be kept: set AUDIT_KEY (e.g. \`openssl rand -hex 32\`) or make DATA_DIR writable.`,
    );
  }
  const adminIds = e.ADMIN_STEAM_IDS ?? (demo ? [DEMO_ADMIN_STEAM_ID] : []);
  const badId = adminIds.find((id) => !/^7656119\d{10}$/.test(id));
  if (badId) throw new ConfigError(`ADMIN_STEAM_IDS: "${badId}" is not a 17-digit Steam id.`);

  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    demo,
    adminSteamIds: new Set(adminIds),
    steam: {
      openidUrl:
        e.STEAM_OPENID_URL ?? (demo ? publicUrl + DEMO_OPENID_PATH : STEAM_COMMUNITY_OPENID),
      ...steamApi(e.STEAM_API_URL, e.STEAM_API_KEY, demo, publicUrl),
    },
    freekassa,
    yookassa: providers.yookassa,
    cryptopay: providers.cryptopay,
    trustProxy: e.TRUSTED_PROXY,
    translateUrl: e.TRANSLATE_URL,
    links: { discord: e.DISCORD_URL, community: e.COMMUNITY_URL },
    discord: discord.config,
    telegram: messengers.telegram,
    vk: messengers.vk,
    receipts: receipts.settings,
    logLevel: e.LOG_LEVEL,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    sessionIdleDays: e.SESSION_IDLE_DAYS,
    shopTimeZone: e.SHOP_TIMEZONE,
    wipeWarnHours: e.WIPE_WARN_HOURS,
    supportEmail: e.SUPPORT_EMAIL ?? null,
    itemIconUrl: e.ITEM_ICON_URL ?? null,
    purchaseLimitPerMinute: e.PURCHASE_LIMIT_PER_MINUTE,
    leaderRetryMs: e.LEADER_RETRY_SECONDS * 1000,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    // Nobody else backs up an embedded database's folder; PostgreSQL usually has its own backups.
    backups: { everyHours: e.BACKUP_EVERY_HOURS ?? (e.DATABASE_URL ? 0 : 24), keep: e.BACKUP_KEEP },
    shopLive: e.SHOP_LIVE ?? false,
    logFormat: e.LOG_FORMAT ?? (demo || e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    metricsToken: e.METRICS_TOKEN,
    auditKey: e.AUDIT_KEY ?? ownAuditKey ?? DEVELOPMENT_AUDIT_KEY,
  };
}
