import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeShopSocket } from '@/lib/fake-socket';
import type { ConnectionStatus } from '@/lib/socket';
import { openConsoleStream, STREAM_DELAY_MS, type ConsoleLine } from './console-stream';

function open(connected = true, serverId = 2) {
  const fake = fakeShopSocket({ connected, active: true });
  const statuses: ConnectionStatus[] = [];
  const lines: ConsoleLine[] = [];
  const errors: string[] = [];
  const close = openConsoleStream(
    fake.socket,
    { token: 'secret', serverId },
    {
      onStatus: (status) => statuses.push(status),
      onLine: (line) => lines.push(line),
      onError: (message) => errors.push(message),
    },
  );
  return { ...fake, statuses, lines, errors, close };
}

const line = (serverId: number, message = 'Saving 1234 entities') => ({
  serverId,
  timestamp: '2025-03-05T14:07:09.000Z',
  message,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('console stream', () => {
  it('joins as admin, then subscribes 100 ms after joined', () => {
    const stream = open();
    expect(stream.emitted()).toEqual([['adminJoin', { token: 'secret', serverId: 2 }]]);
    expect(stream.statuses).toEqual(['connecting']);
    stream.fire('joined', { userId: 1 });
    vi.advanceTimersByTime(STREAM_DELAY_MS - 1);
    expect(stream.emitted()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(stream.emitted().at(-1)).toEqual(['rconStream', { serverId: 2 }]);
    expect(stream.statuses.at(-1)).toBe('connected');
  });

  it("passes on this server's lines only, once subscribed", () => {
    const stream = open();
    stream.fire('server_log', line(2));
    stream.fire('joined', { userId: 1 });
    vi.advanceTimersByTime(STREAM_DELAY_MS);
    stream.fire('server_log', line(3));
    stream.fire('server_log', line(2, 'hello'));
    expect(stream.lines.map((entry) => entry.message)).toEqual(['hello']);
  });

  it('waits for the socket to connect, and joins again after a reconnect', () => {
    const stream = open(false);
    expect(stream.emitted()).toEqual([]);
    stream.fire('connect');
    stream.fire('joined', { userId: 1 });
    vi.advanceTimersByTime(STREAM_DELAY_MS);
    stream.fire('disconnect');
    expect(stream.statuses.at(-1)).toBe('disconnected');
    stream.fire('connect');
    expect(stream.emitted().map(([event]) => event)).toEqual([
      'adminJoin',
      'rconStream',
      'adminJoin',
    ]);
  });

  it('reports a refused join and ignores errors once live', () => {
    const refused = open();
    refused.fire('error', { message: 'Недостаточно прав' });
    expect(refused.errors).toEqual(['Недостаточно прав']);
    expect(refused.statuses.at(-1)).toBe('disconnected');
    refused.fire('joined', { userId: 1 });
    vi.advanceTimersByTime(STREAM_DELAY_MS);
    expect(refused.emitted().map(([event]) => event)).toEqual(['adminJoin']);

    const live = open();
    live.fire('joined', { userId: 1 });
    vi.advanceTimersByTime(STREAM_DELAY_MS);
    live.fire('error', { message: 'чат' });
    expect(live.errors).toEqual([]);
    expect(live.statuses.at(-1)).toBe('connected');
  });

  it('stops listening on close and leaves the socket open', () => {
    const stream = open();
    stream.fire('joined', { userId: 1 });
    stream.close();
    vi.advanceTimersByTime(STREAM_DELAY_MS);
    expect(stream.emitted()).toHaveLength(1);
    expect(stream.listenerCount()).toBe(0);
  });
});
