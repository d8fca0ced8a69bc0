import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { DEMO_PAYMENT_SECRETS } from './config-payments';

function refusal(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('configuration was accepted');
}

const yookassa = { YOOKASSA_SHOP_ID: '506751', YOOKASSA_SECRET_KEY: 'live_realSecretKey123' };
const cryptopay = { CRYPTOPAY_TOKEN: '31337:AAzQcZWQqQAbsfgPnOLr4FHC8Doa4L7KryC' };

describe('YooKassa and Crypto Pay settings', () => {
  it('are off until set, and on with the providers\u2019 own addresses and lists when set', () => {
    const off = loadConfig({});
    expect(off.yookassa).toBeNull();
    expect(off.cryptopay).toBeNull();
    const on = loadConfig({ ...yookassa, ...cryptopay, CRYPTOPAY_ASSETS: 'usdt, ton' });
    expect(on.yookassa).toMatchObject({
      ...{ shopId: '506751', secretKey: 'live_realSecretKey123' },
      apiUrl: 'https://api.yookassa.ru/v3',
    });
    expect(on.yookassa?.allowedIps).toContain('185.71.76.0/27');
    expect(on.yookassa?.allowedIps).toContain('2a02:5180::/32');
    expect(on.cryptopay).toEqual({
      token: cryptopay.CRYPTOPAY_TOKEN,
      apiUrl: 'https://pay.crypt.bot/api',
      assets: ['USDT', 'TON'],
    });
    expect(loadConfig(cryptopay).cryptopay?.assets).toEqual(['USDT', 'TON', 'BTC']);
  });

  it('refuses half a YooKassa, bad addresses, a malformed token and bad assets, naming them', () => {
    expect(refusal({ YOOKASSA_SHOP_ID: '506751' })).toContain('YOOKASSA_SECRET_KEY');
    expect(refusal({ ...yookassa, YOOKASSA_ALLOWED_IPS: '185.71.76.0/33' })).toContain(
      'YOOKASSA_ALLOWED_IPS',
    );
    expect(refusal({ ...yookassa, YOOKASSA_ALLOWED_IPS: 'yookassa.ru' })).toContain(
      'YOOKASSA_ALLOWED_IPS',
    );
    expect(refusal({ CRYPTOPAY_TOKEN: 'token' })).toContain('CRYPTOPAY_TOKEN');
    expect(refusal({ YOOKASSA_RECEIPTS: 'self-employed' })).toContain('YOOKASSA_SHOP_ID');
    expect(loadConfig({ ...yookassa, YOOKASSA_RECEIPTS: 'self-employed' }).yookassa).not.toBeNull();
    expect(refusal({ ...cryptopay, CRYPTOPAY_ASSETS: 'USDT,$$' })).toContain('CRYPTOPAY_ASSETS');
    expect(
      loadConfig({ ...yookassa, YOOKASSA_ALLOWED_IPS: '77.75.156.11, 185.71.76.0/27' }).yookassa
        ?.allowedIps,
    ).toEqual(['77.75.156.11', '185.71.76.0/27']);
  });

  it('runs the demo on its own stand-ins, refuses real values beside it and its values outside it', () => {
    const demo = loadConfig({ DEMO: '1' });
    expect(demo.yookassa?.apiUrl).toBe('http://127.0.0.1:3000/api/demo/yookassa/v3');
    expect(demo.cryptopay?.apiUrl).toBe('http://127.0.0.1:3000/api/demo/cryptopay/api');
    for (const [name, value] of Object.entries({ ...yookassa, ...cryptopay })) {
      expect(refusal({ DEMO: '1', [name]: value })).toContain(name);
    }
    for (const [name, value] of Object.entries(DEMO_PAYMENT_SECRETS)) {
      expect(
        refusal({
          [name]: value,
          ...(name === 'YOOKASSA_SHOP_ID' ? { YOOKASSA_SECRET_KEY: 'live_x1234567' } : {}),
          ...(name === 'YOOKASSA_SECRET_KEY' ? { YOOKASSA_SHOP_ID: '1' } : {}),
        }),
      ).toContain(name);
    }
  });
});
