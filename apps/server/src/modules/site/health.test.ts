import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addServer } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { SHOP_VERSION } from '../../version';
import { cachedCheck } from './health-check';
import { HEALTH_CHECK_TTL_MS } from './health-routes';

describe('cachedCheck', () => {
  it('runs one check for callers that come together, and none more until the outcome is old', async () => {
    let clock = 0;
    let runs = 0;
    let release = () => {};
    const check = cachedCheck(
      () => {
        runs += 1;
        return new Promise<void>((resolve) => (release = resolve));
      },
      { ttlMs: 1_000, now: () => clock },
    );
    const together = Promise.all(Array.from({ length: 50 }, () => check()));
    release();
    await together;
    expect(runs).toBe(1);
    clock = 999;
    await check();
    expect(runs).toBe(1);
    clock = 1_000;
    const again = check();
    release();
    await again;
    expect(runs).toBe(2);
  });

  it('keeps a failure as long as a success, and lets every waiting caller see it', async () => {
    let clock = 0;
    let runs = 0;
    let healthy = false;
    const check = cachedCheck(
      async () => {
        runs += 1;
        if (!healthy) throw new Error('database down');
      },
      { ttlMs: 1_000, now: () => clock },
    );
    const outcomes = await Promise.allSettled([check(), check(), check()]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    healthy = true;
    await expect(check()).rejects.toThrow('database down');
    expect(runs).toBe(1);
    clock = 1_000;
    await expect(check()).resolves.toBeUndefined();
    expect(runs).toBe(2);
  });
});

describe('GET /api/health', () => {
  let shop: TestApp;
  let limited: TestApp;
  beforeAll(async () => {
    shop = await createTestApp();
    limited = await createTestApp({}, { rateLimitMax: 5 });
  });
  afterAll(async () => {
    await shop?.close();
    await limited?.close();
  });

  it('asks the database at most once a second however many probes come', async () => {
    const queries: string[] = [];
    const stop = shop.database.observe((text) => {
      // The health check's first statement: the newest backup's time.
      if (/from "backups"/i.test(text)) queries.push(text);
    });
    const probe = () => shop.app.inject({ method: 'GET', url: '/api/health' });
    try {
      const burst = await Promise.all(Array.from({ length: 40 }, probe));
      for (const reply of burst) {
        expect(reply.statusCode).toBe(200);
        expect(reply.json()).toMatchObject({
          status: 'ok',
          database: { kind: shop.database.kind, status: 'ok' },
        });
      }
      const later = await Promise.all(Array.from({ length: 40 }, probe));
      expect(later.every((reply) => reply.statusCode === 200)).toBe(true);
      expect(queries).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_CHECK_TTL_MS + 50));
      expect((await probe()).statusCode).toBe(200);
      expect(queries).toHaveLength(2);
    } finally {
      stop();
    }
  });

  it("limits each address, on a counter apart from the rest of the API's", async () => {
    const health = (remoteAddress: string) =>
      limited.app.inject({ method: 'GET', url: '/api/health', remoteAddress });
    for (let call = 0; call < 5; call += 1) {
      expect((await health('203.0.113.7')).statusCode).toBe(200);
    }
    const refused = await health('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'rate_limited' });
    expect(refused.json().message).toMatch(/[А-Яа-я]/);
    // Another address is not held back, nor is the same address on the rest of the API.
    expect((await health('203.0.113.8')).statusCode).toBe(200);
    const site = await limited.app.inject({
      method: 'GET',
      url: '/api/site',
      remoteAddress: '203.0.113.7',
    });
    expect(site.statusCode).toBe(200);
  });
});

describe('GET /api/health reports', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp();
  });
  afterAll(async () => shop?.close());

  it('the version, database, Redis, leader, restored copy, last backup and each game server', async () => {
    const admin = await createAccount(shop.app, shop.config, 'admin');
    const serverId = await addServer(shop, admin.headers, { name: 'Classic' });
    await new Promise((resolve) => setTimeout(resolve, HEALTH_CHECK_TTL_MS + 50));
    const reply = await shop.app.inject({ method: 'GET', url: '/api/health' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      status: 'degraded',
      version: SHOP_VERSION,
      database: { kind: shop.database.kind, status: 'ok' },
      redis: 'off',
      uptimeSeconds: expect.any(Number),
      leader: true,
      restoredCopy: false,
      backupAgeHours: null,
      servers: [
        {
          id: serverId,
          name: 'Classic',
          link: 'offline',
          delivery: 'rcon',
          pluginSeenSecondsAgo: null,
        },
      ],
    });
    expect(SHOP_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});
