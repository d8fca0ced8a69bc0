import {
  startFakeFreekassa,
  type FakeFreekassaServer,
} from '../integrations/freekassa/fake-freekassa-server';
import { createTestApp, type TestApp } from './test-app';

export const MERCHANT = {
  shopId: '31337',
  secret1: 'merchant-secret-one',
  secret2: 'merchant-secret-two',
  apiKey: 'merchant-api-key',
};

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
  const provider = await startFakeFreekassa({
    settings: MERCHANT,
    notifyUrl: () => `${url}/api/payments/freekassa/notify`,
    successUrl: () => `${url}/payment-success`,
    failUrl: () => `${url}/payment-cancel`,
  });
  const shop = await createTestApp({
    DEMO: '0',
    FREEKASSA_SHOP_ID: MERCHANT.shopId,
    FREEKASSA_SECRET1: MERCHANT.secret1,
    FREEKASSA_SECRET2: MERCHANT.secret2,
    FREEKASSA_API_KEY: MERCHANT.apiKey,
    FREEKASSA_PAY_URL: provider.payUrl,
    FREEKASSA_API_URL: provider.apiUrl,
    FREEKASSA_ALLOWED_IPS: '127.0.0.1',
    ...env,
  });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(shop.app.server.address() as { port: number }).port}`;
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
