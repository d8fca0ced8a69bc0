import type WebSocket from 'ws';
import type { RconBackoffOptions } from './rcon-types';

export const DEFAULT_BACKOFF: RconBackoffOptions = {
  initialMs: 1000,
  maxMs: 30_000,
  factor: 2,
  jitter: 0.3,
};

/**
 * Delay before reconnect attempt number `attempt` (1-based) after a drop or an unreachable server:
 * exponential, capped, and shortened by a random share so that many clients spread out.
 */
export function reconnectDelay(
  attempt: number,
  options: RconBackoffOptions,
  random: () => number,
): number {
  const exponential = options.initialMs * options.factor ** Math.max(0, attempt - 1);
  const capped = Math.min(options.maxMs, exponential);
  return Math.round(capped * (1 - options.jitter * random()));
}

/**
 * Delay after the `refusals`-th consecutive password refusal: never shorter than the base, doubling
 * each time, jitter only lengthening it. Each refusal counts towards the game's 5-strike address ban.
 */
export function refusedDelay(refusals: number, baseMs: number, random: () => number): number {
  const exponential = baseMs * 2 ** Math.max(0, refusals - 1);
  return Math.round(exponential * (1 + 0.1 * random()));
}

/**
 * Whether a failed handshake means "the game refused us" (wrong password or a banned address) rather
 * than "the server is not there". WebRcon refuses by writing a WebSocket close frame where the HTTP
 * 101 answer should be, which Node's HTTP parser reports as an `HPE_*` parse error. A 401/403 from a
 * proxy in front of it means the same.
 */
export function isRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && code.startsWith('HPE_')) return true;
  return /Unexpected server response: (401|403)\b/.test(error.message);
}

/**
 * The path part of the WebRcon URL. The game compares the raw request path with "/" + password, so
 * the password goes in as is; only characters that would break the URL itself are escaped (such a
 * password cannot work against the real game anyway, but must not crash the client).
 */
export function rconUrl(host: string, port: number, password: string): string {
  const path = password.replace(/[%#?]/g, (char) => encodeURIComponent(char));
  const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `ws://${hostPart}:${port}/${path}`;
}

/** A short, password-free description of why a connection attempt failed. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return '';
  const code = (error as NodeJS.ErrnoException).code;
  return code ? `${code}: ${error.message}` : error.message;
}

/**
 * Pings every `intervalMs` and drops the socket when a whole period passes with no pong or frame:
 * a half-open TCP link otherwise looks "online" forever. The game's WebSocket server answers pings.
 * Returns the function that stops it.
 */
export function keepAlive(socket: WebSocket, intervalMs: number): () => void {
  if (intervalMs <= 0) return () => undefined;
  let awaitingPong = false;
  const alive = () => (awaitingPong = false);
  socket.on('pong', alive);
  socket.on('message', alive);
  const timer = setInterval(() => {
    if (awaitingPong) return socket.terminate();
    awaitingPong = true;
    socket.ping();
  }, intervalMs);
  return () => {
    clearInterval(timer);
    socket.off('pong', alive);
    socket.off('message', alive);
  };
}
