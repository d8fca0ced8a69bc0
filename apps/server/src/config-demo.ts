import { DEMO_PAYMENT_SECRETS } from './config-payments';
import type { EnvValues } from './config-env';

/**
 * Secrets that demo mode uses. They are published (here, and in every copy of the shop), so a shop
 * outside demo mode refuses to start with any of them, in production or not.
 */
export const DEMO_SECRETS = {
  FREEKASSA_SHOP_ID: '9999999',
  FREEKASSA_SECRET1: 'demo-secret-1',
  FREEKASSA_SECRET2: 'demo-secret-2',
  FREEKASSA_API_KEY: 'demo-api-key',
  DISCORD_CLIENT_SECRET: 'demo-discord-secret',
  DISCORD_BOT_TOKEN: 'demo-discord-bot-token',
  ...DEMO_PAYMENT_SECRETS,
} as const;

/**
 * The journal's HMAC key of a demo (and of the test suite's shops) when AUDIT_KEY is unset.
 * Published, so it protects nothing, and fixed, so that a demo's journal still verifies after a
 * restart and across its processes. A shop without DEMO=1 refuses it as AUDIT_KEY; outside
 * production it makes its own key instead (config-audit-key.ts), production requires one.
 */
export const DEVELOPMENT_AUDIT_KEY = 'development-audit-key-published-in-the-shop-source';

/** The demo admin's Steam id; the demo sign-in page offers it. */
export const DEMO_ADMIN_STEAM_ID = '76561198000000001';

/** Where demo mode mounts its Steam stand-ins within this very process. */
export const DEMO_OPENID_PATH = '/api/demo/steam/openid/login';
export const DEMO_STEAM_API_PATH = '/api/demo/steam/api';
export const DEMO_FREEKASSA_PATH = '/api/demo/freekassa';
export const DEMO_STEAM_API_KEY = 'demo';

/** Demo mode with no Steam key set talks to the built-in stand-in of Steam's Web API. */
export function steamApi(
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
export function realProviderSettings(e: EnvValues): string[] {
  const names: string[] = [];
  for (const name of Object.keys(DEMO_SECRETS) as Array<keyof typeof DEMO_SECRETS>) {
    if (e[name] !== undefined && e[name] !== DEMO_SECRETS[name]) names.push(name);
  }
  if (e.STEAM_API_KEY) names.push('STEAM_API_KEY');
  return names;
}

/** Settings left at a published demo value: anyone could sign a payment notification with them. */
export function publishedDemoValues(e: EnvValues): string[] {
  const names: string[] = [];
  for (const name of Object.keys(DEMO_SECRETS) as Array<keyof typeof DEMO_SECRETS>) {
    if (e[name] === DEMO_SECRETS[name]) names.push(name);
  }
  if (e.STEAM_API_KEY === DEMO_STEAM_API_KEY) names.push('STEAM_API_KEY');
  if (e.AUDIT_KEY === DEVELOPMENT_AUDIT_KEY) names.push('AUDIT_KEY');
  return names;
}
