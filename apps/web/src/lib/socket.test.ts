import { describe, expect, it, vi } from 'vitest';
import { fakeShopSocket } from './fake-socket';
import { openUserChannel, SERVER_CLOSE_REDIAL_MS, type ConnectionStatus } from './socket';

const identity = { userId: 7, token: 'secret', username: 'Bandit_Kolya' };

function open() {
  const fake = fakeShopSocket();
  const statuses: ConnectionStatus[] = [];
  const balances: number[] = [];
  const close = openUserChannel(fake.socket, identity, {
    onStatus: (status) => statuses.push(status),
    onBalance: (balance) => balances.push(balance),
  });
  return { ...fake, statuses, balances, close };
}

describe('user channel', () => {
  it('connects, joins on open and is connected once the server says joined', () => {
    const channel = open();
    expect(channel.connect).toHaveBeenCalledOnce();
    expect(channel.statuses).toEqual(['connecting']);
    channel.fire('connect');
    expect(channel.emitted()).toEqual([['join', identity]]);
    channel.fire('joined', { userId: 7 });
    expect(channel.statuses.at(-1)).toBe('connected');
  });

  it('shows the drop, the retries, and joins again after reconnecting', () => {
    const channel = open();
    channel.fire('connect');
    channel.fire('joined', { userId: 7 });
    channel.fire('disconnect', 'transport close');
    expect(channel.statuses.at(-1)).toBe('disconnected');
    channel.fireManager('reconnect_attempt', 1);
    expect(channel.statuses.at(-1)).toBe('connecting');
    channel.fire('connect_error', new Error('xhr poll error'));
    expect(channel.statuses.at(-1)).toBe('disconnected');
    channel.fire('connect');
    channel.fire('joined', { userId: 7 });
    expect(channel.emitted().filter(([event]) => event === 'join')).toHaveLength(2);
    expect(channel.statuses.at(-1)).toBe('connected');
  });

  it('hands on balance updates and ignores malformed ones', () => {
    const channel = open();
    channel.fire('balanceUpdate', { balance: 550 });
    channel.fire('balanceUpdate', { balance: 'много' });
    channel.fire('balanceUpdate', { balance: Number.NaN });
    expect(channel.balances).toEqual([550]);
  });

  it('only logs server errors, but a refused join is not a live connection', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const channel = open();
    channel.fire('connect');
    channel.fire('error', { message: 'Сессия недействительна. Войдите снова.' });
    expect(channel.statuses.at(-1)).toBe('disconnected');
    channel.fire('joined', { userId: 7 });
    channel.fire('error', { message: 'Недостаточно прав' });
    expect(channel.statuses.at(-1)).toBe('connected');
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('signs the tab out when told its sessions ended, or when a join finds the session gone', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fake = fakeShopSocket();
    const signedOut = vi.fn();
    openUserChannel(fake.socket, identity, {
      onStatus: () => undefined,
      onBalance: () => undefined,
      onSignedOut: signedOut,
    });
    fake.fire('connect');
    fake.fire('joined', { userId: 7 });
    fake.fire('error', { message: 'Сессия недействительна. Войдите снова.' });
    expect(signedOut).not.toHaveBeenCalled();
    fake.fire('signedOut', { reason: 'everywhere' });
    expect(signedOut).toHaveBeenCalledOnce();
    // A tab that reconnects after the sessions ended is refused its join.
    fake.fire('disconnect', 'io server disconnect');
    fake.fire('connect');
    fake.fire('error', { message: 'Сессия недействительна. Войдите снова.' });
    expect(signedOut).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('dials again after the server closed the socket, which socket.io does not do by itself', () => {
    vi.useFakeTimers();
    try {
      const channel = open();
      channel.fire('connect');
      channel.fire('joined', { userId: 7 });
      // A dropped transport is socket.io's own to retry: nothing more is dialled here.
      channel.fire('disconnect', 'transport close');
      vi.advanceTimersByTime(10_000);
      expect(channel.connect).toHaveBeenCalledOnce();

      channel.fire('disconnect', 'io server disconnect');
      vi.advanceTimersByTime(SERVER_CLOSE_REDIAL_MS.min - 1);
      expect(channel.connect).toHaveBeenCalledOnce();
      vi.advanceTimersByTime(SERVER_CLOSE_REDIAL_MS.spread + 1);
      expect(channel.connect).toHaveBeenCalledTimes(2);
      expect(channel.statuses.at(-1)).toBe('connecting');

      // Closed by the app before the redial: it never dials.
      channel.fire('disconnect', 'io server disconnect');
      channel.close();
      vi.advanceTimersByTime(10_000);
      expect(channel.connect).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes the socket and lets go of every listener', () => {
    const channel = open();
    expect(channel.listenerCount()).toBeGreaterThan(0);
    channel.close();
    expect(channel.disconnect).toHaveBeenCalledOnce();
    expect(channel.listenerCount()).toBe(0);
  });
});
