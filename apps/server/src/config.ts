import path from 'node:path';
import { z } from 'zod';

/** Secrets that demo mode uses; production refuses to start with any of them. */
export const DEMO_SECRETS = {
  FREEKASSA_SHOP_ID: '9999999',
  FREEKASSA_SECRET1: 'demo-secret-1',
  FREEKASSA_SECRET2: 'demo-secret-2',
  FREEKASSA_API_KEY: 'demo-api-key',
} as const;

/** The demo admin's Steam id; the demo sign-in page offers it. */
export const DEMO_ADMIN_STEAM_ID = '76561198000000001';

const STEAM_COMMUNITY_OPENID = 'https://steamcommunity.com/openid/login';
const FREEKASSA_ADDRESSES = '168.119.157.136,168.119.60.227,178.154.197.79,51.250.54.238';

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true');

const list = z.string().transform((value) =>
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

const envSchema = z.object({
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
  TRUSTED_PROXY: z.string().optional(),
  TRANSLATE_URL: z.url().optional(),
  DISCORD_URL: z.url().default('https://discord.gg/rust'),
  COMMUNITY_URL: z.url().default('https://vk.com/rust'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SHOP_TIMEZONE: z
    .string()
    .default('Europe/Moscow')
    .refine(isTimeZone, 'must be an IANA time zone such as Europe/Moscow'),
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
  /** Prefix of every Redis key and channel, so shops (or tests) sharing one Redis stay apart. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,40}$/, 'letters, digits, ":", "_" or "-", at most 40')
    .default('shop:'),
});

export type Env = z.input<typeof envSchema>;

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
  freekassa: {
    shopId: string;
    secret1: string;
    secret2: string;
    apiKey: string;
    payUrl: string;
    apiUrl: string;
    allowedIps: readonly string[];
  };
  trustProxy: string | undefined;
  translateUrl: string | undefined;
  links: { discord: string; community: string };
  logLevel: string;
  sessionTtlDays: number;
  /** Where the shop's calendar days begin and end (revenue "today", payment statistics). */
  shopTimeZone: string;
  supportEmail: string | null;
  itemIconUrl: string | null;
  purchaseLimitPerMinute: number;
  leaderRetryMs: number;
  redisKeyPrefix: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Where demo mode mounts its Steam stand-ins within this very process. */
export const DEMO_OPENID_PATH = '/api/demo/steam/openid/login';
export const DEMO_STEAM_API_PATH = '/api/demo/steam/api';
export const DEMO_FREEKASSA_PATH = '/api/demo/freekassa';
const DEMO_STEAM_API_KEY = 'demo';

/** Demo mode with no Steam key set talks to the built-in stand-in of Steam's Web API. */
function steamApi(
  url: string | undefined,
  key: string | undefined,
  demo: boolean,
  publicUrl: string,
) {
  if (demo && !url && !key) {
    return { apiUrl: publicUrl + DEMO_STEAM_API_PATH, apiKey: DEMO_STEAM_API_KEY };
  }
  return { apiUrl: (url ?? 'https://api.steampowered.com').replace(/\/+$/, ''), apiKey: key };
}

/** Provider settings an operator has set to real values: demo mode must never run beside them. */
function realProviderSettings(e: z.output<typeof envSchema>): string[] {
  const names: string[] = [];
  for (const name of Object.keys(DEMO_SECRETS) as Array<keyof typeof DEMO_SECRETS>) {
    if (e[name] !== undefined && e[name] !== DEMO_SECRETS[name]) names.push(name);
  }
  if (e.STEAM_API_KEY) names.push('STEAM_API_KEY');
  return names;
}

/**
 * The one place that reads the environment. Throws a ConfigError naming the variable at fault,
 * so a misconfigured production instance refuses to start instead of running half-right.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
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
        `DEMO=1 runs built-in stand-ins of Steam and FreeKassa and cannot run beside real provider settings (${real.join(', ')} set). Unset DEMO to use them.`,
      );
    }
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');

  const secret = (name: keyof typeof DEMO_SECRETS): string => {
    const value = e[name];
    if (production) {
      if (!value) throw new ConfigError(`${name} is required in production.`);
      if (value === DEMO_SECRETS[name]) {
        throw new ConfigError(`${name} is a demo value; set the real one in production.`);
      }
      return value;
    }
    return value ?? DEMO_SECRETS[name];
  };

  const freekassa = {
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

  if (production && freekassa.allowedIps.length === 0) {
    throw new ConfigError('FREEKASSA_ALLOWED_IPS may not be empty in production.');
  }
  if (production && !e.ADMIN_STEAM_IDS?.length) {
    throw new ConfigError('ADMIN_STEAM_IDS is required in production (at least one admin).');
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
    trustProxy: e.TRUSTED_PROXY,
    translateUrl: e.TRANSLATE_URL,
    links: { discord: e.DISCORD_URL, community: e.COMMUNITY_URL },
    logLevel: e.LOG_LEVEL,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    shopTimeZone: e.SHOP_TIMEZONE,
    supportEmail: e.SUPPORT_EMAIL ?? null,
    itemIconUrl: e.ITEM_ICON_URL ?? null,
    purchaseLimitPerMinute: e.PURCHASE_LIMIT_PER_MINUTE,
    leaderRetryMs: e.LEADER_RETRY_SECONDS * 1000,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
  };
}
