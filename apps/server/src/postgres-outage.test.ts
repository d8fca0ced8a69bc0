import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createAccount } from './test-support/sign-in';
import { startTcpSwitch } from './test-support/tcp-switch';
import { createPostgresTestDatabase } from './test-support/test-database';
import { waitUntil } from './test-support/wait-until';

/**
 * PostgreSQL stopped under requests and started again: requests answer 503 «База данных
 * недоступна» (never 500), health says `database: unavailable`, nothing rejects unhandled, and the
 * shop recovers by itself. The database sits behind a TCP switch the test turns off and on.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<unknown>> = [];
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);
beforeAll(() => void process.on('unhandledRejection', onRejection));
afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe.skipIf(!postgresUrl)('a PostgreSQL outage (runs with TEST_DATABASE_URL)', () => {
  it('answers 503 «База данных недоступна» while it is down and recovers by itself', async () => {
    const place = await createPostgresTestDatabase(postgresUrl!);
    cleanups.push(place.drop);
    const target = new URL(place.url);
    const relay = await startTcpSwitch({ host: target.hostname, port: Number(target.port) });
    cleanups.push(() => relay.close());
    const url = new URL(place.url);
    url.host = `127.0.0.1:${relay.port}`;
    const database = await openDatabase({ url: url.toString(), onIdleError: () => undefined });
    cleanups.push(() => database.close());
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', LEADER_RETRY_SECONDS: '1' });
    const app = await buildApp({
      config,
      database,
      rateLimitMax: 100_000,
      gameServers: { monitorIntervalMs: false },
      reconcileIntervalMs: false,
      delivery: { autostart: false },
    });
    await app.ready();
    cleanups.push(() => app.close());
    const player = await createAccount(app, config);
    const orders = () => app.inject({ method: 'GET', url: '/api/orders', headers: player.headers });
    const health = () => app.inject({ method: 'GET', url: '/api/health' });
    expect((await orders()).statusCode).toBe(200);

    relay.off();
    const statuses: number[] = [];
    for (let call = 0; call < 10; call += 1) {
      const reply = await orders();
      statuses.push(reply.statusCode);
      if (reply.statusCode !== 200) {
        expect(reply.json()).toEqual({
          error: 'database_unavailable',
          message: 'База данных недоступна',
        });
      }
    }
    expect(statuses.filter((status) => status !== 503)).toEqual([]);
    await waitUntil(async () => (await health()).statusCode === 503, { what: 'health 503' });
    expect((await health()).json()).toMatchObject({
      status: 'down',
      database: { kind: 'postgres', status: 'unavailable' },
    });

    relay.on();
    await waitUntil(async () => (await orders()).statusCode === 200, {
      what: 'requests answered again',
      timeoutMs: 20_000,
    });
    await waitUntil(async () => (await health()).statusCode === 200, { what: 'health 200' });
    expect(rejections).toEqual([]);
  }, 60_000);
});
