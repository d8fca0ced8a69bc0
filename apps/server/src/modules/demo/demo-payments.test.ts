import { createServer } from 'node:net';
import { paymentMethodsReplySchema } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { pressOnPage } from '../../test-support/provider-page';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/** A free loopback port: the demo's stand-ins are reached over loopback at the shop's own port. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let demo: TestApp;
let origin = '';

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  demo = await createTestApp({ DEMO: '1', PORT: String(port), PUBLIC_URL: origin });
  await demo.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => demo?.close());

/**
 * `npm start`: the top-up dialog offers FreeKassa, YooKassa and Crypto Pay, and each one's demo
 * page takes a top-up to the credit through the shop's real provider code.
 */
describe('demo payment pages', () => {
  it('offers every method of the three providers', async () => {
    const player = await createAccount(demo.app, demo.config);
    const reply = await demo.app.inject({ url: '/api/payments/methods', headers: player.headers });
    const { methods, unavailable } = paymentMethodsReplySchema.parse(reply.json());
    expect(new Set(methods.map((method) => method.provider))).toEqual(
      new Set(['freekassa', 'yookassa', 'cryptopay']),
    );
    expect(methods.map((method) => `${method.provider}:${method.id}`)).toEqual(
      expect.arrayContaining([
        'freekassa:sbp',
        'yookassa:bank_card',
        'yookassa:sbp',
        'cryptopay:crypto',
      ]),
    );
    expect(unavailable).toEqual([]);
  });

  it.each([
    ['freekassa', 'card', 500, 550],
    ['yookassa', 'sbp', 700, 770],
    ['yookassa', 'yoo_money', 300, 330],
    ['cryptopay', 'crypto', 1000, 1100],
  ])(
    '%s · %s: «Оплатить» on its page credits %d ₽ and its bonus',
    async (provider, id, amount, after) => {
      const player = await createAccount(demo.app, demo.config);
      const created = await demo.app.inject({
        method: 'POST',
        url: '/api/payments/create',
        headers: player.headers,
        payload: { amount, method: provider, paymentSystemId: id, email: 'player@example.com' },
      });
      expect(created.statusCode, created.body).toBe(200);
      const { url, orderId } = created.json();
      expect(url.startsWith(`${origin}/api/demo/${provider}/`)).toBe(true);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('Оплатить');
      const paid = await pressOnPage(origin, html, 'pay');
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toContain(`/payment-success`);
      expect(paid.headers.get('location')).toContain(orderId);
      const status = await demo.app.inject({
        url: `/api/payments/${orderId}/status`,
        headers: player.headers,
      });
      expect(status.json()).toMatchObject({ paid: true, status: 'paid' });
      const profile = await demo.app.inject({ url: '/api/auth/profile', headers: player.headers });
      expect(profile.json().balance).toBe(after);
    },
  );

  it('«Отменить» credits nothing', async () => {
    const player = await createAccount(demo.app, demo.config);
    const created = await demo.app.inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: player.headers,
      payload: {
        amount: 100,
        method: 'yookassa',
        paymentSystemId: 'bank_card',
        email: 'p@example.com',
      },
    });
    const { url } = created.json();
    const html = await (await fetch(url)).text();
    const cancelled = await pressOnPage(origin, html, 'cancel');
    expect(cancelled.status).toBe(303);
    const again = await fetch(url);
    expect(again.status).toBe(409);
    const profile = await demo.app.inject({ url: '/api/auth/profile', headers: player.headers });
    expect(profile.json().balance).toBe(0);
  });

  it('refuses to start beside a real YooKassa or Crypto Pay value', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        DEMO: '1',
        YOOKASSA_SHOP_ID: '123456',
        YOOKASSA_SECRET_KEY: 'live_key',
      }),
    ).toThrow(/YOOKASSA/);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', DEMO: '1', CRYPTOPAY_TOKEN: '1234:real-token' }),
    ).toThrow(/CRYPTOPAY_TOKEN/);
  });
});
