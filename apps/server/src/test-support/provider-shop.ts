import {
  startFakeCryptopay,
  type FakeCryptopayServer,
} from '../integrations/cryptopay/fake-cryptopay-server';
import {
  startFakeFreekassa,
  type FakeFreekassaServer,
} from '../integrations/freekassa/fake-freekassa-server';
import {
  startFakeYookassa,
  type FakeYookassaServer,
} from '../integrations/yookassa/fake-yookassa-server';
import { MERCHANT } from './money-shop';
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
export async function startProviderShop(env: Record<string, string> = {}): Promise<ProviderShop> {
  let url = '';
  const notifyUrl = (provider: string) => () => `${url}/api/payments/${provider}/notify`;
  const freekassa = await startFakeFreekassa({
    settings: MERCHANT,
    notifyUrl: notifyUrl('freekassa'),
    successUrl: () => `${url}/payment-success`,
    failUrl: () => `${url}/payment-cancel`,
  });
  const yookassa = await startFakeYookassa({
    ...YOOKASSA_MERCHANT,
    notifyUrl: notifyUrl('yookassa'),
  });
  const cryptopay = await startFakeCryptopay({
    ...CRYPTOPAY_APP,
    notifyUrl: notifyUrl('cryptopay'),
  });
  const shop = await createTestApp({
    DEMO: '0',
    FREEKASSA_SHOP_ID: MERCHANT.shopId,
    FREEKASSA_SECRET1: MERCHANT.secret1,
    FREEKASSA_SECRET2: MERCHANT.secret2,
    FREEKASSA_API_KEY: MERCHANT.apiKey,
    FREEKASSA_PAY_URL: freekassa.payUrl,
    FREEKASSA_API_URL: freekassa.apiUrl,
    FREEKASSA_ALLOWED_IPS: '127.0.0.1',
    YOOKASSA_SHOP_ID: YOOKASSA_MERCHANT.shopId,
    YOOKASSA_SECRET_KEY: YOOKASSA_MERCHANT.secretKey,
    YOOKASSA_API_URL: yookassa.apiUrl,
    YOOKASSA_ALLOWED_IPS: '127.0.0.0/8',
    CRYPTOPAY_TOKEN: CRYPTOPAY_APP.token,
    CRYPTOPAY_API_URL: cryptopay.apiUrl,
    CRYPTOPAY_ASSETS: 'USDT,TON',
    ...env,
  });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(shop.app.server.address() as { port: number }).port}`;
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
