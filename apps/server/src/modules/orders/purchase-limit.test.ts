import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ PURCHASE_LIMIT_PER_MINUTE: '2' });
});
afterAll(async () => shop?.close());

describe('PURCHASE_LIMIT_PER_MINUTE', () => {
  it('caps purchases per account at the configured figure, with the Russian 429', async () => {
    const player = await createAccount(shop.app, shop.config);
    const other = await createAccount(shop.app, shop.config);
    const buy = (headers: { authorization: string }) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers,
        payload: { productId: 999, serverId: 999, quantity: 1 },
      });
    expect((await buy(player.headers)).statusCode).toBe(404);
    expect((await buy(player.headers)).statusCode).toBe(404);
    const limited = await buy(player.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Слишком много запросов, попробуйте позже');
    // Per account: another player is not held back.
    expect((await buy(other.headers)).statusCode).toBe(404);
  });

  it('defaults to 120 and refuses a value that is not a positive whole number', () => {
    expect(loadConfig({}).purchaseLimitPerMinute).toBe(120);
    for (const bad of ['0', '-5', '2.5', 'many']) {
      expect(() => loadConfig({ PURCHASE_LIMIT_PER_MINUTE: bad })).toThrow(
        'PURCHASE_LIMIT_PER_MINUTE',
      );
    }
  });
});
