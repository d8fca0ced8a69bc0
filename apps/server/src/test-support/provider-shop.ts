import {
  startFakeCryptopay,
  type FakeCryptopayServer,
} from '../integrations/cryptopay/fake-cryptopay-server';
import type { FakeFreekassaServer } from '../integrations/freekassa/fake-freekassa-server';
import { listenOnLoopback } from '../integrations/payments/loopback-server';
import {
  startFakeYookassa,
  type FakeYookassaServer,
} from '../integrations/yookassa/fake-yookassa-server';
import { merchantFreekassaEnv, startMerchantFreekassa } from './money-shop';
import { createTestApp, type TestApp } from './test-app';

export const YOOKASSA_MERCHANT = { shopId: '506751', secretKey: 'test_Fh8hUAVVBGUGbjmlzba' };
export const CRYPTOPAY_APP = { token: '31337:AAzQcZWQqQAbsfgPnOLr4FHC8Doa4L7KryC' };

export interface ProviderShop {
  shop: TestApp;
  freekassa: FakeFreekassaServer;
  yookassa: FakeYookassaServer;
  cryptopay: FakeCryptopayServer;
  /** The shop's own address: it listens on loopback so the providers can notify it. */
  url: string;
  close(): Promise<void>;
}

/**
 * The shop with all three providers configured, each against its stand-in on its own loopback
 * port, notifications coming back over HTTP from 127.0.0.1 (the allowed address here).
 */
export async function startProviderShop(
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<ProviderShop> {
  let url = '';
  const notifyUrl = (provider: string) => () => `${url}/api/payments/${provider}/notify`;
  const freekassa = await startMerchantFreekassa(() => url);
  const yookassa = await startFakeYookassa({
    ...YOOKASSA_MERCHANT,
    notifyUrl: notifyUrl('yookassa'),
  });
  const cryptopay = await startFakeCryptopay({
    ...CRYPTOPAY_APP,
    notifyUrl: notifyUrl('cryptopay'),
  });
  const shop = await createTestApp(
    {
      DEMO: '0',
      ...merchantFreekassaEnv(freekassa),
      YOOKASSA_SHOP_ID: YOOKASSA_MERCHANT.shopId,
      YOOKASSA_SECRET_KEY: YOOKASSA_MERCHANT.secretKey,
      YOOKASSA_API_URL: yookassa.apiUrl,
      YOOKASSA_ALLOWED_IPS: '127.0.0.0/8',
      CRYPTOPAY_TOKEN: CRYPTOPAY_APP.token,
      CRYPTOPAY_API_URL: cryptopay.apiUrl,
      CRYPTOPAY_ASSETS: 'USDT,TON',
      ...env,
    },
    options,
  );
  url = await listenOnLoopback(shop.app);
  return {
    shop,
    freekassa,
    yookassa,
    cryptopay,
    url,
    async close() {
      await shop.close();
      await Promise.all([freekassa.close(), yookassa.close(), cryptopay.close()]);
    },
  };
}
