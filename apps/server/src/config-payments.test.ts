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

/** A production shop's settings apart from its payment providers. */
const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example',
  ADMIN_STEAM_IDS: '76561198000000001',
  AUDIT_KEY: 'real-audit-key-of-at-least-32-characters',
};
const freekassa = {
  FREEKASSA_SHOP_ID: '12345',
  FREEKASSA_SECRET1: 'real-secret-1',
  FREEKASSA_SECRET2: 'real-secret-2',
  FREEKASSA_API_KEY: 'real-api-key',
};

describe('payment providers in production', () => {
  it('starts with any one provider, FreeKassa, YooKassa or Crypto Pay, and only it is on', () => {
    const yookassaOnly = loadConfig({ ...production, ...yookassa });
    expect(yookassaOnly.freekassa).toBeNull();
    expect(yookassaOnly.yookassa?.shopId).toBe(yookassa.YOOKASSA_SHOP_ID);
    expect(yookassaOnly.cryptopay).toBeNull();
    const cryptopayOnly = loadConfig({ ...production, ...cryptopay });
    expect(cryptopayOnly.freekassa).toBeNull();
    expect(cryptopayOnly.yookassa).toBeNull();
    expect(cryptopayOnly.cryptopay?.token).toBe(cryptopay.CRYPTOPAY_TOKEN);
    const freekassaOnly = loadConfig({ ...production, ...freekassa });
    expect(freekassaOnly.freekassa?.shopId).toBe('12345');
    expect(freekassaOnly.yookassa).toBeNull();
    const all = loadConfig({ ...production, ...freekassa, ...yookassa, ...cryptopay });
    expect([all.freekassa, all.yookassa, all.cryptopay].every(Boolean)).toBe(true);
  });

  it('refuses a shop with no provider at all, naming the three to choose from', () => {
    const message = refusal(production);
    expect(message).toMatch(/^1 setting to fix/);
    expect(message).toContain('Payment provider: none is set up');
    for (const name of [
      'FREEKASSA_SHOP_ID',
      'FREEKASSA_API_KEY',
      'YOOKASSA_SECRET_KEY',
      'CRYPTOPAY_TOKEN',
    ]) {
      expect(message).toContain(name);
    }
    expect(message).toContain('FreeKassa (');
    expect(message).toContain('YooKassa (');
    expect(message).toContain('Crypto Pay (');
  });

  it('names what a half set-up provider lacks, with its fix, among every other problem at once', () => {
    const message = refusal({
      ...production,
      AUDIT_KEY: undefined,
      YOOKASSA_SHOP_ID: yookassa.YOOKASSA_SHOP_ID,
    });
    expect(message).toMatch(/^2 settings to fix/);
    expect(message).toContain('AUDIT_KEY: required in production');
    expect(message).toMatch(
      /YOOKASSA_SECRET_KEY: required once YooKassa is set up \(YOOKASSA_SHOP_ID set\) — .*Интеграция → Ключи API, and copy it; or remove YOOKASSA_SHOP_ID to take no payments through YooKassa\./,
    );
    // A half provider is the problem to fix, not «no provider»; nor is it excused by another one.
    expect(message).not.toContain('none is set up');
    const beside = refusal({
      ...production,
      ...cryptopay,
      FREEKASSA_SHOP_ID: '12345',
      FREEKASSA_SECRET1: 'real-secret-1',
    });
    expect(beside).toMatch(/^2 settings to fix/);
    expect(beside).toContain('FREEKASSA_SECRET2: required once FreeKassa is set up');
    expect(beside).toContain('FREEKASSA_API_KEY: required once FreeKassa is set up');
    expect(beside).toContain('or remove FREEKASSA_SHOP_ID, FREEKASSA_SECRET1');
    // A provider's other settings without its credentials are half of it too.
    expect(refusal({ ...production, ...yookassa, CRYPTOPAY_ASSETS: 'USDT' })).toContain(
      'CRYPTOPAY_TOKEN: required once Crypto Pay is set up (CRYPTOPAY_ASSETS set)',
    );
    // A malformed credential is named once, as malformed: the provider counts as meant.
    const malformed = refusal({
      ...production,
      YOOKASSA_SHOP_ID: 'shop',
      ...{ YOOKASSA_SECRET_KEY: yookassa.YOOKASSA_SECRET_KEY },
    });
    expect(malformed).toMatch(/^1 setting to fix/);
    expect(malformed).toContain('YOOKASSA_SHOP_ID: must be the numeric shop id');
  });

  it('keeps development and the demo as they were: FreeKassa there without its settings', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).freekassa?.shopId).toBe('0');
    expect(loadConfig({ NODE_ENV: 'development', ...yookassa }).freekassa).not.toBeNull();
    const demo = loadConfig({ DEMO: '1' });
    expect(demo.freekassa?.payUrl).toBe('http://localhost:3000/api/demo/freekassa/pay');
    expect(demo.yookassa).not.toBeNull();
    expect(demo.cryptopay).not.toBeNull();
  });
});
