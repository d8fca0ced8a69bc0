import {
  REALTIME_ERRORS,
  type ClientToServerEvents,
  type GiftReceivedEvent,
  type ServerToClientEvents,
} from '@shop/shared';
import { io, type Socket } from 'socket.io-client';

/** The shop's one live channel (DESIGN §9), typed with the event maps the server uses too. */
export type ShopSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected';

/** Same origin, default path; websocket first, long-polling where a proxy refuses upgrades. */
export function createShopSocket(): ShopSocket {
  return io({ path: '/socket.io', transports: ['websocket', 'polling'], autoConnect: false });
}

/**
 * After the server itself closed the socket (a restart, a session ended, too many events), socket.io
 * does not reconnect on its own: the channel dials again after this, spread so that a restart is not
 * met by every tab at once. A tab whose session ended is then refused its join and signs out, even if
 * the `signedOut` event was lost on the way.
 */
export const SERVER_CLOSE_REDIAL_MS = { min: 2_000, spread: 3_000 };

export interface UserChannelIdentity {
  userId: number;
  token: string;
  username: string;
}

export interface UserChannelHandlers {
  onStatus: (status: ConnectionStatus) => void;
  onBalance: (balance: number) => void;
  /** Another player bought this one a gift. */
  onGift?: (gift: GiftReceivedEvent) => void;
  /** Every session of this user was ended («Выйти на всех устройствах»): sign this tab out. */
  onSignedOut?: () => void;
}

/**
 * Opens the socket and joins the user's room, again after every reconnect: the server forgets a
 * socket's rooms when it drops, and socket.io's own reconnection brings back only the transport.
 * "Connected" means joined — an open socket the server refused (a stale token) carries no updates.
 * Returns the function that closes it all.
 */
export function openUserChannel(
  socket: ShopSocket,
  identity: UserChannelIdentity,
  { onStatus, onBalance, onGift, onSignedOut }: UserChannelHandlers,
): () => void {
  let joined = false;
  let redial: ReturnType<typeof setTimeout> | undefined;

  const onConnect = () => {
    onStatus('connecting');
    socket.emit('join', identity);
  };
  const onJoined = () => {
    joined = true;
    onStatus('connected');
  };
  const onDisconnect = (reason: Socket.DisconnectReason) => {
    joined = false;
    onStatus('disconnected');
    if (reason !== 'io server disconnect') return;
    clearTimeout(redial);
    const wait = SERVER_CLOSE_REDIAL_MS.min + Math.random() * SERVER_CLOSE_REDIAL_MS.spread;
    redial = setTimeout(() => {
      onStatus('connecting');
      socket.connect();
    }, wait);
  };
  const onReconnectAttempt = () => onStatus('connecting');
  const onConnectError = () => onStatus('disconnected');
  // SPEC §8: errors on the live channel are not the player's business; they are only logged.
  const onError = ({ message }: { message: string }) => {
    console.warn('[realtime]', message);
    if (joined) return;
    onStatus('disconnected');
    // The session ended before this tab joined (or rejoined after a drop): it missed `signedOut`.
    if (message === REALTIME_ERRORS.badSession) onSignedOut?.();
  };
  const onBalanceUpdate = ({ balance }: { balance: number }) => {
    if (typeof balance === 'number' && Number.isFinite(balance)) onBalance(balance);
  };

  socket.on('connect', onConnect);
  socket.on('joined', onJoined);
  socket.on('disconnect', onDisconnect);
  socket.on('connect_error', onConnectError);
  socket.on('error', onError);
  socket.on('balanceUpdate', onBalanceUpdate);
  const onGiftReceived = (gift: GiftReceivedEvent) => {
    if (gift && typeof gift.from === 'string' && Array.isArray(gift.items)) onGift?.(gift);
  };
  socket.on('giftReceived', onGiftReceived);
  const onSignedOutEvent = () => onSignedOut?.();
  socket.on('signedOut', onSignedOutEvent);
  socket.io.on('reconnect_attempt', onReconnectAttempt);

  onStatus('connecting');
  socket.connect();

  return () => {
    clearTimeout(redial);
    socket.off('connect', onConnect);
    socket.off('joined', onJoined);
    socket.off('disconnect', onDisconnect);
    socket.off('connect_error', onConnectError);
    socket.off('error', onError);
    socket.off('balanceUpdate', onBalanceUpdate);
    socket.off('giftReceived', onGiftReceived);
    socket.off('signedOut', onSignedOutEvent);
    socket.io.off('reconnect_attempt', onReconnectAttempt);
    socket.disconnect();
  };
}
