import type { ClientToServerEvents, ServerToClientEvents } from '@shop/shared';
import { io, type Socket } from 'socket.io-client';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** Real Socket.IO clients against a listening shop, each recording every event it receives. */
export function socketClients() {
  const open: TestSocket[] = [];

  async function connect(url: string): Promise<TestSocket> {
    const socket: TestSocket = io(url, { transports: ['websocket'], reconnection: false });
    open.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  /** Connects and joins as a player (`join`) or an admin (`adminJoin`), waiting for `joined`. */
  async function joined(
    url: string,
    account: { id: number; token: string },
    as: 'player' | 'admin' = 'player',
  ): Promise<TestSocket> {
    const socket = await connect(url);
    const done = next(socket, 'joined');
    if (as === 'admin') socket.emit('adminJoin', { token: account.token });
    else socket.emit('join', { userId: account.id, token: account.token });
    await done;
    return socket;
  }

  return {
    connect,
    joined,
    closeAll: () => open.forEach((socket) => socket.close()),
  };
}

export const next = <E extends keyof ServerToClientEvents>(socket: TestSocket, event: E) =>
  new Promise<Payload<E>>((resolve) => {
    socket.once(event, ((data: Payload<E>) => resolve(data)) as never);
  });

/** Everything one socket receives of an event, from now on. */
export function record<E extends keyof ServerToClientEvents>(socket: TestSocket, event: E) {
  const seen: Array<Payload<E>> = [];
  socket.on(event, ((data: Payload<E>) => seen.push(data)) as never);
  return seen;
}
