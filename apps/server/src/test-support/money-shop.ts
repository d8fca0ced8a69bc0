import {
  startFakeFreekassa,
  type FakeFreekassaServer,
} from '../integrations/freekassa/fake-freekassa-server';
import { listenOnLoopback } from '../integrations/payments/loopback-server';
import { createTestApp, type TestApp } from './test-app';

export const MERCHANT = {
  shopId: '31337',
  secret1: 'merchant-secret-one',
  secret2: 'merchant-secret-two',
  apiKey: 'merchant-api-key',
};

/**
 * FreeKassa's stand-in for MERCHANT, notifying the shop and sending the browser back to it at
 * `shopUrl()`: a function, because the shop is started after the stand-in (its settings name the
 * stand-in's address) and its own address is known only once it listens.
 */
export function startMerchantFreekassa(shopUrl: () => string): Promise<FakeFreekassaServer> {
  return startFakeFreekassa({
    settings: MERCHANT,
    notifyUrl: () => `${shopUrl()}/api/payments/freekassa/notify`,
    successUrl: () => `${shopUrl()}/payment-success`,
    failUrl: () => `${shopUrl()}/payment-cancel`,
  });
}

/** The shop's FreeKassa settings for MERCHANT against that stand-in, notifying from loopback. */
export const merchantFreekassaEnv = (provider: FakeFreekassaServer): Record<string, string> => ({
  FREEKASSA_SHOP_ID: MERCHANT.shopId,
  FREEKASSA_SECRET1: MERCHANT.secret1,
  FREEKASSA_SECRET2: MERCHANT.secret2,
  FREEKASSA_API_KEY: MERCHANT.apiKey,
  FREEKASSA_PAY_URL: provider.payUrl,
  FREEKASSA_API_URL: provider.apiUrl,
  FREEKASSA_ALLOWED_IPS: '127.0.0.1',
});

export interface MoneyShop {
  shop: TestApp;
  provider: FakeFreekassaServer;
  /** The shop's own address: it listens on loopback so the provider can notify it. */
  url: string;
  close(): Promise<void>;
}

/** The shop, listening on loopback, configured against FreeKassa's stand-in on its own port. */
export async function startMoneyShop(env: Record<string, string> = {}): Promise<MoneyShop> {
  let url = '';
  const provider = await startMerchantFreekassa(() => url);
  const shop = await createTestApp({ DEMO: '0', ...merchantFreekassaEnv(provider), ...env });
  url = await listenOnLoopback(shop.app);
  return {
    shop,
    provider,
    url,
    async close() {
      await shop.close();
      await provider.close();
    },
  };
}
