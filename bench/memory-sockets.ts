import type { ClientToServerEvents, ServerToClientEvents } from '@shop/shared';
import { io, type Socket } from 'socket.io-client';

export interface Account {
  id: number;
  token: string;
}

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const BATCH = 200;
const JOIN_TIMEOUT_MS = 30_000;

/** A private address per socket, sent as the proxy would, so the per-address limit is not the test. */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

function joinOne(url: string, account: Account, i: number): Promise<Client> {
  const socket: Client = io(url, {
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { 'x-forwarded-for': addressOf(i) },
  });
  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      socket.close();
      reject(new Error(`socket ${i}: ${reason}`));
    };
    const timer = setTimeout(
      () => fail(socket.connected ? 'no answer to join' : 'no connection'),
      JOIN_TIMEOUT_MS,
    );
    socket.once('connect', () => socket.emit('join', { userId: account.id, token: account.token }));
    socket.once('connect_error', (error) => fail(error.message));
    socket.once('disconnect', (reason) => fail(`disconnected before joining (${reason})`));
    socket.once('error', ({ message }) => fail(message));
    socket.once('joined', () => {
      clearTimeout(timer);
      socket.off('disconnect');
      resolve(socket);
    });
  });
}

/**
 * One socket per account, each joined to its player's room as a browser tab is, in batches so that
 * the handshakes do not all land in the same instant. Counts sockets the shop drops afterwards.
 */
export async function connectJoined(url: string, accounts: readonly Account[]) {
  const sockets: Client[] = [];
  let dropped = 0;
  for (let start = 0; start < accounts.length; start += BATCH) {
    const batch = accounts.slice(start, start + BATCH);
    const joined = await Promise.all(batch.map((account, k) => joinOne(url, account, start + k)));
    for (const socket of joined) {
      socket.once('disconnect', () => (dropped += 1));
      sockets.push(socket);
    }
  }
  return {
    joined: sockets.length,
    dropped: () => dropped,
    close: () => sockets.forEach((socket) => socket.close()),
  };
}
