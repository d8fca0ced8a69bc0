import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

const REAL = {
  PUBLIC_URL: 'http://shop.test',
  FREEKASSA_SHOP_ID: '31337',
  FREEKASSA_SECRET1: 'merchant-secret-one',
  FREEKASSA_SECRET2: 'merchant-secret-two',
  FREEKASSA_API_KEY: 'merchant-api-key',
};
const demoPaths = [
  '/api/demo/steam/openid/login',
  '/api/demo/steam/api/ISteamUser/GetPlayerSummaries/v0002/?key=demo&steamids=76561198000000001',
  '/api/demo/freekassa/pay?m=31337',
];

let real: TestApp;
let demo: TestApp;
beforeAll(async () => {
  real = await createTestApp(REAL);
  demo = await createTestApp({ PUBLIC_URL: 'http://shop.test', DEMO: '1' });
});
afterAll(async () => {
  await real?.close();
  await demo?.close();
});

describe('demo stand-ins', () => {
  it('are not mounted in a shop with real provider settings', async () => {
    for (const url of demoPaths) {
      expect((await real.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const settings = (await real.app.inject({ method: 'GET', url: '/api/site' })).json();
    expect(settings.demo).toBe(false);
  });

  it('send real shops to the real Steam and the real FreeKassa, never to the shop itself', async () => {
    const login = await real.app.inject({
      method: 'GET',
      url: `/api/auth/steam?state=${'s'.repeat(43)}`,
    });
    expect(login.headers.location).toMatch(/^https:\/\/steamcommunity\.com\/openid\/login\?/);
    const player = await createAccount(real.app, real.config);
    const payment = await real.app.inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: player.headers,
      payload: { amount: 100, method: 'kassa', email: 'player@example.com' },
    });
    expect(payment.statusCode).toBe(200);
    const link = new URL(payment.json().url);
    expect(link.origin).toBe('https://pay.fk.money');
    expect(link.searchParams.get('m')).toBe('31337');
  });

  it('answer in demo mode, and the site tells the web app it is a demo', async () => {
    for (const url of demoPaths) {
      expect((await demo.app.inject({ method: 'GET', url })).statusCode, url).not.toBe(404);
    }
    const settings = (await demo.app.inject({ method: 'GET', url: '/api/site' })).json();
    expect(settings.demo).toBe(true);
  });
});
