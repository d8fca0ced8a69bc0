import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { ClientToServerEvents, ServerToClientEvents } from '@shop/shared';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { isSlowRequest, loggerOptions, redactUrl, SLOW_REQUEST_MS } from './logging';
import { signInThroughSteam, startFakeSteam, type FakeSteam } from './test-support/fake-steam';
import { createPluginSigner } from './test-support/plugin-signer';
import { createTestApp, type TestApp } from './test-support/test-app';

const PUBLIC_URL = 'http://shop.test';
const RETURN_TO = `${PUBLIC_URL}/api/auth/steam/return`;
const ADMIN = '76561198000000100';

let steam: FakeSteam;
let shop: TestApp;
let log = '';
/** Every secret the run hands out or sends; none may appear in the log. */
const secrets: string[] = [];

beforeAll(async () => {
  steam = await startFakeSteam();
  const destination = new PassThrough();
  destination.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const env = { PUBLIC_URL, STEAM_OPENID_URL: steam.url, ADMIN_STEAM_IDS: ADMIN };
  shop = await createTestApp(env, {
    logger: loggerOptions(loadConfig({ ...env, LOG_LEVEL: 'trace' }), destination),
  });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await shop?.close();
  await steam?.close();
});

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  shop.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });

describe('the log', () => {
  it('holds no session token, sign-in code, password, signature or key of a whole session', async () => {
    // Sign-in, with the code the browser trades, recorded as the fake provider issues it.
    const state = randomBytes(32).toString('base64url');
    const query = new URLSearchParams(steam.provider.assert(ADMIN, `${RETURN_TO}?state=${state}`));
    const back = await call('GET', `/api/auth/steam/return?${query.toString()}`);
    const code = new URLSearchParams(new URL(String(back.headers.location)).hash.slice(1)).get(
      'signin',
    )!;
    secrets.push(code, state, query.get('openid.sig')!);
    const token = (await call('POST', '/api/auth/exchange', undefined, { code, state })).json()
      .token;
    secrets.push(token);

    // The token in every place a careless client could put it.
    await call('GET', '/api/auth/profile', token);
    await call('GET', `/api/auth/profile?token=${token}`);
    const admin = await signInThroughSteam(shop.app, steam.provider, ADMIN, RETURN_TO);
    secrets.push(admin);
    const refreshed = (await call('POST', '/api/auth/refresh', admin)).json().token;
    secrets.push(refreshed);

    // A server's RCON password and plugin key, and a request carrying that key.
    const rconPassword = 'hunter2-rcon-password-0001';
    secrets.push(rconPassword);
    const server = await call('POST', '/api/admin/servers', refreshed, {
      name: 'Logged',
      ip: '127.0.0.1',
      port: 28015,
      rconPort: 1,
      rconPassword,
    });
    expect(server.statusCode).toBe(201);
    const pluginKey = (
      await call('POST', `/api/admin/servers/${server.json().id}/plugin-key`, refreshed)
    ).json().pluginKey as string;
    secrets.push(pluginKey);
    // The plugin's signed requests (one refused for its signature), with their signatures.
    const plugin = createPluginSigner(shop.app, pluginKey);
    const lease = { steamId: '76561198000000002', manual: true };
    const leased = await plugin.send('/jobs/lease', lease);
    expect(leased.status).toBe(200);
    secrets.push(leased.headers['x-signature']!, JSON.parse(leased.text).signature as string);
    const forged = await plugin.send('/jobs/lease', lease, { signature: 'f'.repeat(64) });
    expect(forged.status).toBe(401);
    secrets.push('f'.repeat(64));

    // A forged payment notification (refused and logged) with its signature.
    const sign = 'a'.repeat(31) + 'f';
    secrets.push(sign);
    await shop.app.inject({
      method: 'POST',
      url: '/api/payments/freekassa/notify',
      payload: { MERCHANT_ID: '1', AMOUNT: '100', MERCHANT_ORDER_ID: 'x', SIGN: sign, intid: '1' },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

    // The live channel with the token.
    const address = shop.app.server.address() as { port: number };
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(
      `http://127.0.0.1:${address.port}`,
      { transports: ['websocket'], reconnection: false },
    );
    const me = (await call('GET', '/api/auth/profile', refreshed)).json();
    await new Promise<void>((resolve) => {
      socket.once('joined', () => resolve());
      socket.emit('join', { userId: me.id, token: refreshed });
    });
    socket.close();
    await call('POST', '/api/auth/logout', refreshed);

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log).toContain('"url":"/api/auth/exchange"');
    // Request lines are at debug (logging.ts); this log is at trace, so they are all here.
    expect(log).toContain('"msg":"POST /api/auth/exchange 200');
    for (const secret of secrets) expect(log.includes(secret), `leaked: ${secret}`).toBe(false);
  });
});

describe('redactUrl', () => {
  it('hides secret query values and keeps the rest of the request line', () => {
    expect(redactUrl('/api/auth/profile?token=abc&page=2')).toBe(
      '/api/auth/profile?token=%5Bredacted%5D&page=2',
    );
    expect(redactUrl('/x?openid.sig=zz&openid.assoc_handle=h&q=1')).toBe(
      '/x?openid.sig=%5Bredacted%5D&openid.assoc_handle=%5Bredacted%5D&q=1',
    );
    expect(redactUrl('/api/auth/steam?state=s&openid.return_to=r')).toBe(
      '/api/auth/steam?state=%5Bredacted%5D&openid.return_to=%5Bredacted%5D',
    );
    expect(redactUrl('/api/telegram/link/widget?state=s&id=7&hash=abc')).toBe(
      '/api/telegram/link/widget?state=%5Bredacted%5D&id=7&hash=%5Bredacted%5D',
    );
    expect(redactUrl('/api/servers')).toBe('/api/servers');
  });

  it("hides a Bot API path's token, with or without a query", () => {
    expect(redactUrl('/api/demo/telegram/bot1000000001:secret-token/getUpdates')).toBe(
      '/api/demo/telegram/bot[redacted]/getUpdates',
    );
    expect(redactUrl('/api/demo/telegram/bot1:t/sendMessage?chat_id=5')).toBe(
      '/api/demo/telegram/bot[redacted]/sendMessage?chat_id=5',
    );
    expect(redactUrl('/api/demo/telegram/bot1:t')).toBe('/api/demo/telegram/bot[redacted]');
    expect(redactUrl('/api/bots/list')).toBe('/api/bots/list');
  });
});

describe('a slow request', () => {
  it('is warned of unless it waits on purpose: the plugin, Socket.IO and the demo Telegram', () => {
    expect(isSlowRequest('/api/orders', SLOW_REQUEST_MS)).toBe(true);
    expect(isSlowRequest('/api/orders', SLOW_REQUEST_MS - 1)).toBe(false);
    expect(isSlowRequest('/api/plugin/v2/wait?steamId=1', 25_000)).toBe(false);
    expect(isSlowRequest('/socket.io/?EIO=4&transport=polling', 25_000)).toBe(false);
    expect(isSlowRequest('/api/demo/telegram/bot1:t/getUpdates', 25_000)).toBe(false);
    expect(isSlowRequest('/api/demo/telegram/bot1:t/sendMessage', 25_000)).toBe(true);
  });
});
