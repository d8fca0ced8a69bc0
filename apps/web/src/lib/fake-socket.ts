import { io } from 'socket.io-client';
import { vi } from 'vitest';
import type { ShopSocket } from './socket';

type SocketEvent = Parameters<ShopSocket['listeners']>[0];
type ManagerEvent = Parameters<ShopSocket['io']['listeners']>[0];
type AnyListener = (...args: unknown[]) => void;

const socketEvents: SocketEvent[] = [
  'connect',
  'disconnect',
  'connect_error',
  'joined',
  'error',
  'balanceUpdate',
  'giftReceived',
  'server_log',
];
const managerEvents: ManagerEvent[] = ['reconnect_attempt', 'reconnect', 'error', 'open', 'close'];

/**
 * A real socket.io client socket that never touches the network: connect and disconnect are
 * recorded instead of dialling, emits are recorded instead of sent, and `fire` plays an event from
 * the server to the listeners the code under test registered.
 */
export function fakeShopSocket(state: { connected?: boolean; active?: boolean } = {}) {
  const socket: ShopSocket = io('http://127.0.0.1:9', { autoConnect: false, forceNew: true });
  socket.connected = state.connected ?? false;
  if (state.active !== undefined) vi.spyOn(socket, 'active', 'get').mockReturnValue(state.active);
  const connect = vi.spyOn(socket, 'connect').mockReturnValue(socket);
  const disconnect = vi.spyOn(socket, 'disconnect').mockReturnValue(socket);
  const emit = vi.spyOn(socket, 'emit').mockReturnValue(socket);
  const emitted = () => emit.mock.calls.map(([event, data]): [string, unknown] => [event, data]);
  const fire = (event: SocketEvent, ...args: unknown[]) => {
    for (const listener of socket.listeners(event)) (listener as AnyListener)(...args);
  };
  const fireManager = (event: ManagerEvent, ...args: unknown[]) => {
    for (const listener of socket.io.listeners(event)) (listener as AnyListener)(...args);
  };
  const listenerCount = () =>
    socketEvents.reduce((n, event) => n + socket.listeners(event).length, 0) +
    managerEvents.reduce((n, event) => n + socket.io.listeners(event).length, 0);
  return { socket, connect, disconnect, emitted, fire, fireManager, listenerCount };
}
