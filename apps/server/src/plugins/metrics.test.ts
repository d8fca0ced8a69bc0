import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logBusinessEvent } from '../lib/business-events';
import { addServer } from '../test-support/shop-fixtures';
import { createAccount } from '../test-support/sign-in';
import { createTestApp, type TestApp } from '../test-support/test-app';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('/metrics', () => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
    on = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await off?.close();
    await on?.close();
  });

  it('serves no metrics without METRICS_TOKEN', async () => {
    const reply = await off.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.body).not.toContain('nodejs_');
  });

  it('refuses a request without the token, or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcd', TOKEN]) {
      const reply = await on.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(reply.statusCode).toBe(401);
      expect(reply.json().error).toBe('unauthorized');
      expect(reply.body).not.toContain('shop_');
    }
  });

  it('reports business events, the delivery queue, game servers and the event loop', async () => {
    const admin = await createAccount(on.app, on.config, 'admin');
    await addServer(on, admin.headers, { name: 'Classic' });
    logBusinessEvent(on.app.log, 'purchase', { orderId: 'o-1', userId: admin.id });
    const reply = await on.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/plain');
    const text = reply.body;
    expect(text).toMatch(/shop_business_events_total\{event="purchase"\} [1-9]/);
    expect(text).toMatch(/shop_game_server_up\{server="\d+",name="Classic",delivery="rcon"\} 0/);
    expect(text).toContain('shop_delivery_jobs');
    expect(text).toMatch(
      /shop_info\{version="[^"]+",leader="true",restored_copy="false",redis="off"\} 1/,
    );
    expect(text).toContain('shop_database_up 1');
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
  });
});
