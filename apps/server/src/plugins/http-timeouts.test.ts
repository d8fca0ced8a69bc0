import { connect } from 'node:net';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPluginSigner, pluginKeyOf, PLUGIN_BASE } from '../test-support/plugin-signer';
import { addServer } from '../test-support/shop-fixtures';
import { createAccount } from '../test-support/sign-in';
import { next, type TestSocket } from '../test-support/socket-clients';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { HTTP_TIMEOUTS } from './http-timeouts';

/** The plugin's own long poll, as the shop ships it: 25 s of silence before the answer. */
const WAIT_SECONDS = 25;

let shop: TestApp;
let origin: string;
let port: number;
beforeAll(async () => {
  shop = await createTestApp(
    {},
    {
      delivery: {
        autostart: false,
        pluginLeaseSeconds: 2,
        pluginWaitSeconds: WAIT_SECONDS,
        pluginWaitPollMs: 500,
      },
    },
  );
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  port = (shop.app.server.address() as { port: number }).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(() => shop?.close());

interface Trickle {
  /** Milliseconds from the connection to its close by the shop. */
  closedAfterMs: number;
  /** What the shop wrote before closing. */
  received: string;
}

/**
 * A raw loopback connection that sends `head` and then one byte of `drip` every `everyMs`, as a
 * slow-loris client does, until the shop closes it (or `giveUpMs` pass: then closedAfterMs is
 * Infinity).
 */
function trickle(head: string, drip: string, everyMs: number, giveUpMs: number): Promise<Trickle> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (socket.writable) socket.write(drip[sent++ % drip.length]!);
    }, everyMs);
    const giveUp = setTimeout(() => finish(Infinity), giveUpMs);
    const finish = (closedAfterMs: number) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closedAfterMs, received });
    };
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => finish(Date.now() - started));
    socket.on('connect', () => {
      if (head) socket.write(head);
    });
  });
}

describe('HTTP limits on a real socket', () => {
  it('cuts trickled requests within 30 s while the long poll and the live channel carry on', async () => {
    const admin = await createAccount(shop.app, shop.config, 'admin');
    const serverId = await addServer(shop, admin.headers, { name: 'Plugin', isPluginEnabled: 1 });
    const plugin = createPluginSigner(
      shop.app,
      await pluginKeyOf(shop.app, admin.headers, serverId),
    );

    // A player's live channel, over WebSocket and over long polling (its GETs are held up to 25 s).
    const player = await createAccount(shop.app, shop.config, 'player');
    const sockets = await Promise.all(
      (['websocket', 'polling'] as const).map(async (transport) => {
        const socket: TestSocket = io(origin, { transports: [transport], reconnection: false });
        const drops: string[] = [];
        socket.on('disconnect', (reason) => drops.push(reason));
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve).once('connect_error', reject);
        });
        const joined = next(socket, 'joined');
        socket.emit('join', { userId: player.id, token: player.token });
        await joined;
        return { transport, socket, drops };
      }),
    );

    const body = JSON.stringify({ online: [] });
    const pollStarted = Date.now();
    const longPoll = fetch(`${origin}${PLUGIN_BASE}/wait`, {
      method: 'POST',
      headers: plugin.headers('/wait', body),
      body,
    });
    const giveUpMs = 40_000;
    const [slowBody, slowHeaders, silent] = await Promise.all([
      // A body announced as 200 bytes, sent a byte every 3 s (it stayed open over 6 minutes).
      trickle(
        'POST /api/auth/exchange HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n' +
          'Content-Length: 200\r\n\r\n',
        '{"code":"' + 'x'.repeat(190),
        3_000,
        giveUpMs,
      ),
      // The headers themselves, a byte every 2 s.
      trickle('GET /api/health HTTP/1.1\r\n', 'X-Slow: yes\r\n', 2_000, giveUpMs),
      // A connection that never says anything.
      trickle('', '', 60_000, giveUpMs),
    ]);

    const slack = HTTP_TIMEOUTS.checkEveryMs + 1_500;
    expect(slowBody.closedAfterMs).toBeLessThan(HTTP_TIMEOUTS.requestMs + slack);
    expect(slowBody.closedAfterMs).toBeLessThan(30_000);
    expect(slowBody.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(slowHeaders.closedAfterMs).toBeLessThan(HTTP_TIMEOUTS.headersMs + slack);
    expect(slowHeaders.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(silent.closedAfterMs).toBeLessThan(HTTP_TIMEOUTS.headersMs + slack);

    // The long poll was silent for longer than any request may take to arrive, and still answers.
    const reply = await longPoll;
    expect(Date.now() - pollStarted).toBeGreaterThanOrEqual(WAIT_SECONDS * 1000 - 500);
    expect(reply.status).toBe(200);
    const envelope = (await reply.json()) as { body: string };
    expect(JSON.parse(envelope.body)).toEqual({
      serverTime: expect.any(Number),
      steamIds: [],
      waitSeconds: WAIT_SECONDS,
    });

    for (const { transport, socket, drops } of sockets) {
      expect(drops, transport).toEqual([]);
      expect(socket.connected, transport).toBe(true);
      socket.close();
    }
  }, 60_000);
});
