import type { EnvValues } from './config-env';
import { YOOKASSA_NOTIFY_ADDRESSES } from './integrations/yookassa/yookassa-provider';

/** Where demo mode mounts the YooKassa and Crypto Pay stand-ins within this very process. */
export const DEMO_YOOKASSA_PATH = '/api/demo/yookassa';
export const DEMO_CRYPTOPAY_PATH = '/api/demo/cryptopay';

/**
 * The published demo values of YooKassa and Crypto Pay (DEMO_SECRETS carries them): the demo
 * refuses real ones beside it, a shop outside the demo refuses these.
 */
export const DEMO_PAYMENT_SECRETS = {
  YOOKASSA_SHOP_ID: '999999',
  YOOKASSA_SECRET_KEY: 'demo_yookassa_secret_key',
  CRYPTOPAY_TOKEN: '999999:AAdemoCryptoPayTokenPublished',
} as const;

const YOOKASSA_API = 'https://api.yookassa.ru/v3';
const CRYPTOPAY_API = 'https://pay.crypt.bot/api';
export const DEFAULT_CRYPTOPAY_ASSETS = ['USDT', 'TON', 'BTC'] as const;

export interface YookassaConfig {
  shopId: string;
  secretKey: string;
  apiUrl: string;
  /** Addresses and CIDR ranges notifications may come from; empty only in the demo. */
  allowedIps: readonly string[];
}

export interface CryptopayConfig {
  token: string;
  apiUrl: string;
  assets: readonly string[];
}

/**
 * YooKassa and Crypto Pay are each on when their settings are set (the shop id and secret key;
 * the app token); demo mode with none of them set runs both against the built-in stand-ins.
 */
export function paymentProvidersConfig(
  e: EnvValues,
  demo: boolean,
  production: boolean,
): { yookassa: YookassaConfig | null; cryptopay: CryptopayConfig | null; problems: string[] } {
  const problems: string[] = [];
  const loopback = (path: string) => `http://127.0.0.1:${e.PORT}${path}`;

  if (Boolean(e.YOOKASSA_SHOP_ID) !== Boolean(e.YOOKASSA_SECRET_KEY)) {
    problems.push('YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY are set together or not at all.');
  }
  const yookassaDemo = demo && !e.YOOKASSA_SHOP_ID && !e.YOOKASSA_API_URL;
  const yookassaSet = Boolean(e.YOOKASSA_SHOP_ID && e.YOOKASSA_SECRET_KEY);
  const yookassa: YookassaConfig | null =
    yookassaSet || yookassaDemo
      ? {
          shopId: e.YOOKASSA_SHOP_ID ?? DEMO_PAYMENT_SECRETS.YOOKASSA_SHOP_ID,
          secretKey: e.YOOKASSA_SECRET_KEY ?? DEMO_PAYMENT_SECRETS.YOOKASSA_SECRET_KEY,
          apiUrl: (
            e.YOOKASSA_API_URL ??
            (yookassaDemo ? loopback(`${DEMO_YOOKASSA_PATH}/v3`) : YOOKASSA_API)
          ).replace(/\/+$/, ''),
          // The demo's stand-in notifies over loopback; the real YooKassa from its addresses.
          allowedIps:
            e.YOOKASSA_ALLOWED_IPS ?? (yookassaDemo ? [] : [...YOOKASSA_NOTIFY_ADDRESSES]),
        }
      : null;
  if ((e.YOOKASSA_RECEIPTS ?? 'none') !== 'none' && !yookassa) {
    problems.push(
      'YOOKASSA_RECEIPTS sends receipts through YooKassa: set YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY too.',
    );
  }
  if (production && yookassa && yookassa.allowedIps.length === 0) {
    problems.push('YOOKASSA_ALLOWED_IPS may not be empty in production.');
  }

  const cryptopayDemo = demo && !e.CRYPTOPAY_TOKEN && !e.CRYPTOPAY_API_URL;
  const cryptopay: CryptopayConfig | null =
    e.CRYPTOPAY_TOKEN || cryptopayDemo
      ? {
          token: e.CRYPTOPAY_TOKEN ?? DEMO_PAYMENT_SECRETS.CRYPTOPAY_TOKEN,
          apiUrl: (
            e.CRYPTOPAY_API_URL ??
            (cryptopayDemo ? loopback(`${DEMO_CRYPTOPAY_PATH}/api`) : CRYPTOPAY_API)
          ).replace(/\/+$/, ''),
          assets: e.CRYPTOPAY_ASSETS ?? [...DEFAULT_CRYPTOPAY_ASSETS],
        }
      : null;
  if (cryptopay && cryptopay.assets.length === 0) {
    problems.push('CRYPTOPAY_ASSETS must name at least one asset (e.g. USDT,TON,BTC).');
  }
  return { yookassa, cryptopay, problems };
}
