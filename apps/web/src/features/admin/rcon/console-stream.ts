import type { ConnectionStatus, ShopSocket } from '@/lib/socket';

export interface ConsoleLine {
  serverId: number;
  timestamp: string;
  message: string;
}

export interface ConsoleStreamHandlers {
  onStatus: (status: ConnectionStatus) => void;
  onLine: (line: ConsoleLine) => void;
  onError: (message: string) => void;
}

/** SPEC: 'rconStream' goes out 100 ms after the admin join was accepted. */
export const STREAM_DELAY_MS = 100;

/**
 * Subscribes the shared socket to one server's console (DESIGN §9): `adminJoin` with the token, then,
 * once `joined`, `rconStream` — again after every reconnect, as the server forgets a socket's rooms.
 * Only lines of this server reach onLine (the server may still send another's until it switches).
 * An `error` while joining is the console's failure; later ones belong to the rest of the socket.
 * Returns the function that stops listening; the socket itself stays open for the rest of the app.
 */
export function openConsoleStream(
  socket: ShopSocket,
  { token, serverId }: { token: string; serverId: number },
  { onStatus, onLine, onError }: ConsoleStreamHandlers,
  delayMs = STREAM_DELAY_MS,
): () => void {
  let state: 'idle' | 'joining' | 'subscribing' | 'live' = 'idle';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const join = () => {
    stopTimer();
    state = 'joining';
    onStatus('connecting');
    socket.emit('adminJoin', { token, serverId });
  };
  const onJoined = () => {
    if (state !== 'joining') return;
    state = 'subscribing';
    timer = setTimeout(() => {
      timer = undefined;
      state = 'live';
      socket.emit('rconStream', { serverId });
      onStatus('connected');
    }, delayMs);
  };
  const onDisconnect = () => {
    stopTimer();
    state = 'idle';
    onStatus('disconnected');
  };
  const onRefused = ({ message }: { message: string }) => {
    if (state !== 'joining' && state !== 'subscribing') return;
    stopTimer();
    state = 'idle';
    onStatus('disconnected');
    onError(message);
  };
  const onServerLog = (line: ConsoleLine) => {
    if (state === 'live' && Number(line.serverId) === serverId) onLine(line);
  };

  socket.on('connect', join);
  socket.on('joined', onJoined);
  socket.on('disconnect', onDisconnect);
  socket.on('connect_error', onDisconnect);
  socket.on('error', onRefused);
  socket.on('server_log', onServerLog);

  if (socket.connected) join();
  else onStatus(socket.active ? 'connecting' : 'disconnected');

  return () => {
    stopTimer();
    socket.off('connect', join);
    socket.off('joined', onJoined);
    socket.off('disconnect', onDisconnect);
    socket.off('connect_error', onDisconnect);
    socket.off('error', onRefused);
    socket.off('server_log', onServerLog);
  };
}
