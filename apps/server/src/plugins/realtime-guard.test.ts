import { REALTIME_ERRORS } from '@shop/shared';
import { io } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAccount } from '../test-support/sign-in';
import { next, socketClients, type TestSocket } from '../test-support/socket-clients';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createConnectionCounter, EventBudget, SOCKET_LIMITS } from './realtime-guard';

type Client = TestSocket;

let shop: TestApp;
let url: string;
const clients = socketClients();
const sockets: Client[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  shop = await createTestApp(
    {},
    { socketLimits: { connectionsPerAddress: 8, joinTimeoutMs: 1500, eventBurst: 40 } },
  );
  // A handler that always fails, registered through the same API every module uses.
  shop.app.realtime.on('adminSendMessage', z.object({ message: z.string() }), async () => {
    throw new Error('boom');
  });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  const address = shop.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  url = `http://127.0.0.1:${address.port}`;
});
afterEach(() => {
  clients.closeAll();
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await shop?.close();
});

/** A socket still connecting, for the test that watches connections being refused. */
function open(): Client {
  const socket: Client = io(url, { transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return socket;
}

const connect = () => clients.connect(url);

const disconnected = (socket: Client) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

describe('live channel limits', () => {
  it('answers malformed payloads with an error and keeps the socket usable', async () => {
    const player = await createAccount(shop.app, shop.config);
    const socket = await connect();
    for (const payload of [null, 'x', { userId: {}, token: 5 }, { userId: '1e400', token: 'a' }]) {
      const refused = next(socket, 'error');
      socket.emit('join', payload as never);
      expect(await refused).toEqual({ message: 'Неверные данные' });
    }
    const joined = next(socket, 'joined');
    socket.emit('join', { userId: player.id, token: player.token });
    expect(await joined).toEqual({ userId: player.id });
  });

  it('logs and answers a failing handler instead of leaving a rejected promise', async () => {
    const socket = await connect();
    const refused = next(socket, 'error');
    socket.emit('adminSendMessage', { targetUserId: 1, message: 'hi' });
    expect(await refused).toEqual({ message: 'Не удалось выполнить действие. Попробуйте позже.' });
    expect(unhandled).toEqual([]);
  });

  it('disconnects a socket that floods events, and the shop keeps serving others', async () => {
    const player = await createAccount(shop.app, shop.config);
    const abuser = await connect();
    const gone = disconnected(abuser);
    const errors: string[] = [];
    abuser.on('error', ({ message }) => errors.push(message));
    for (let i = 0; i < 1000; i++) abuser.emit('adminJoin', { token: player.token });
    expect(await gone).toBe('io server disconnect');
    expect(errors).toContain('Слишком много запросов, попробуйте позже');
    // Fewer than the budget's burst were ever handled: the rest never reached a handler.
    expect(errors.filter((message) => message === 'Недостаточно прав').length).toBeLessThanOrEqual(
      40,
    );

    const health = await shop.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const other = await connect();
    const joined = next(other, 'joined');
    other.emit('join', { userId: player.id, token: player.token });
    expect(await joined).toEqual({ userId: player.id });
  });

  it('refuses connections past the per-address limit and frees a place when one closes', async () => {
    const player = await createAccount(shop.app, shop.config);
    // Joined, so the unjoined-socket timeout cannot free places behind the test's back.
    const open8 = await Promise.all(Array.from({ length: 8 }, () => clients.joined(url, player)));
    const ninth = open();
    const refusal = await new Promise<Error>((resolve) => ninth.once('connect_error', resolve));
    expect(refusal.message).toBe('Слишком много запросов, попробуйте позже');
    const closed = open8[0]!;
    closed.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(connect()).resolves.toBeTruthy();
  });

  it('drops a socket that never joins', async () => {
    const socket = await connect();
    expect(await disconnected(socket)).toBe('io server disconnect');
  });
});

describe('unauthenticated sockets at the shipped limits', () => {
  it('drops a socket that never proves a session after a few seconds, and keeps a joined one', async () => {
    const shipped = await createTestApp();
    try {
      await shipped.app.listen({ port: 0, host: '127.0.0.1' });
      const address = shipped.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      const shippedUrl = `http://127.0.0.1:${address.port}`;
      const player = await createAccount(shipped.app, shipped.config);
      const member = await clients.joined(shippedUrl, player);
      const silent = await clients.connect(shippedUrl);
      const impostor = await clients.connect(shippedUrl);
      const refused = next(impostor, 'error');
      impostor.emit('join', { userId: player.id, token: 'a-well-formed-token-of-nobody' });
      expect(await refused).toEqual({ message: REALTIME_ERRORS.badSession });

      const connectedAt = Date.now();
      const reasons = await Promise.all([disconnected(silent), disconnected(impostor)]);
      const after = Date.now() - connectedAt;
      expect(reasons).toEqual(['io server disconnect', 'io server disconnect']);
      expect(SOCKET_LIMITS.joinTimeoutMs).toBeLessThanOrEqual(5_000);
      // Not before the timeout (a slow link still gets its chance), and not much after it.
      expect(after).toBeGreaterThanOrEqual(SOCKET_LIMITS.joinTimeoutMs - 1_000);
      expect(after).toBeLessThan(SOCKET_LIMITS.joinTimeoutMs + 5_000);
      expect(member.connected).toBe(true);
    } finally {
      await shipped.close();
    }
  });
});

describe('limit arithmetic', () => {
  it('lets a burst through, then the steady rate, and refuses faster traffic', () => {
    let now = 0;
    const budget = new EventBudget(10, 5, () => now);
    expect(Array.from({ length: 6 }, () => budget.take())).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    now += 100; // one event's worth at 10/s
    expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(false);
  });

  it('counts connections per address independently', () => {
    const counter = createConnectionCounter(1);
    expect(counter.admit('a')).toBe(true);
    expect(counter.admit('a')).toBe(false);
    expect(counter.admit('b')).toBe(true);
    counter.release('a');
    expect(counter.admit('a')).toBe(true);
  });
});
