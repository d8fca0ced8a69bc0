import type { ClientToServerEvents, ServerToClientEvents } from '@shop/shared';
import { io, type Socket } from 'socket.io-client';

export type ShopSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A browser's live connection to a listening shop, over the real Socket.IO protocol. */
export async function connectSocket(url: string): Promise<ShopSocket> {
  const socket: ShopSocket = io(url, { transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** The next time `event` arrives on the socket. */
export function nextEvent<E extends keyof ServerToClientEvents>(socket: ShopSocket, event: E) {
  return new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve) => {
    socket.once(event, ((data: Parameters<ServerToClientEvents[E]>[0]) => resolve(data)) as never);
  });
}
