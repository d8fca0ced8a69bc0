import WebSocket from 'ws';
import {
  DEFAULT_BACKOFF,
  describeFailure,
  isRefusal,
  keepAlive,
  rconUrl,
  reconnectDelay,
  refusedDelay,
} from './rcon-backoff';
import { connectionFailureText, RCON_ERRORS } from './rcon-errors';
import { parseFrame, PendingCommands } from './rcon-pending';
import type {
  RconBackoffOptions,
  RconClientOptions,
  RconCommandResult,
  RconEndpoint,
  RconLine,
  RconStatus,
} from './rcon-types';

/** A received frame as text: ws hands frames over as Buffers, or as pieces of one when fragmented. */
function frameText(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString('utf8');
}

/** A link that stayed up this long was healthy: its drop starts the backoff afresh. */
const STABLE_MS = 10_000;

/** See RconClientOptions.replySettleMs. */
const DEFAULT_REPLY_SETTLE_MS = 50;

/**
 * One persistent WebRcon connection to one game server. Commands are matched to their frames by
 * Identifier, so any number may be in flight, and a command's result is its whole answer (every
 * line it logged, then its reply); whatever matches no pending command (console log lines, chat,
 * late replies) goes to `onLine` subscribers. Reconnects on its own, with exponential
 * backoff and jitter, and backs off hard (then stops) when the game refuses the password, because
 * five refusals get our address banned from the server's RCON for 300 s.
 */
export class RconClient {
  private endpoint: RconEndpoint;
  private socket: WebSocket | null = null;
  private current: RconStatus = { state: 'offline', nextRetryAt: null, since: new Date() };
  private readonly pending: PendingCommands;
  private readonly lineListeners = new Set<(line: RconLine) => void>();
  private readonly statusListeners = new Set<(status: RconStatus) => void>();
  private readonly backoff: RconBackoffOptions;
  private readonly random: () => number;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopKeepAlive: (() => void) | null = null;
  private failures = 0;
  private refusals = 0;
  private closed = false;
  /** The technical reason last logged, so that retries do not log it again. */
  private lastLogged: string | null = null;

  constructor(private readonly options: RconClientOptions) {
    this.endpoint = { host: options.host, port: options.port, password: options.password };
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    this.random = options.random ?? Math.random;
    this.pending = new PendingCommands(options.firstIdentifier ?? 1001);
  }

  get status(): RconStatus {
    return this.current;
  }

  get isOnline(): boolean {
    return this.current.state === 'online';
  }

  /** Starts connecting (idempotent). */
  connect(): void {
    if (this.closed || this.socket || this.retryTimer) return;
    this.open();
  }

  /** Tries again now, even after giving up on a refused password (an admin's "retry"). */
  reconnect(): void {
    if (this.closed) return;
    this.dropSocket();
    this.open();
  }

  /** Points the client at a new address or password; reconnects at once if anything changed. */
  updateEndpoint(next: RconEndpoint): void {
    const same =
      next.host === this.endpoint.host &&
      next.port === this.endpoint.port &&
      next.password === this.endpoint.password;
    if (same || this.closed) return;
    this.endpoint = { ...next };
    this.failures = 0;
    this.refusals = 0;
    this.reconnect();
  }

  /** Runs one console command and gathers its answer. Never rejects: the outcome says what is known. */
  send(
    command: string,
    options: { timeoutMs?: number; settleMs?: number } = {},
  ): Promise<RconCommandResult> {
    if (this.closed) return Promise.resolve({ status: 'unavailable', reason: 'closed' });
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      const reason =
        this.current.state === 'connecting'
          ? 'connecting'
          : this.current.reason === 'password-refused'
            ? 'password-refused'
            : 'offline';
      return Promise.resolve({ status: 'unavailable', reason });
    }
    const timeoutMs = options.timeoutMs ?? this.options.commandTimeoutMs ?? 10_000;
    const settleMs = options.settleMs ?? this.options.replySettleMs ?? DEFAULT_REPLY_SETTLE_MS;
    const { identifier, result } = this.pending.register(timeoutMs, settleMs);
    socket.send(JSON.stringify({ Identifier: identifier, Message: command, Name: 'WebRcon' }));
    return result;
  }

  onLine(listener: (line: RconLine) => void): () => void {
    this.lineListeners.add(listener);
    return () => this.lineListeners.delete(listener);
  }

  onStatus(listener: (status: RconStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Resolves once online; rejects after `timeoutMs` or when the client gives up or is closed. */
  waitForOnline(timeoutMs = 10_000): Promise<void> {
    if (this.isOnline) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error('RCON: not online in time')), timeoutMs);
      const stop = this.onStatus((status) => {
        if (status.state === 'online') finish();
        else if (status.state === 'offline' && status.nextRetryAt === null) {
          finish(new Error(`RCON: ${status.reason ?? 'offline'}`));
        }
      });
      const finish = (error?: Error) => {
        clearTimeout(timer);
        stop();
        if (error) reject(error);
        else resolve();
      };
    });
  }

  /** Ends the connection and every timer; in-flight commands end as unknown. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.clearRetry();
    const socket = this.socket;
    this.dropSocket('closed');
    this.setStatus({ state: 'offline', reason: 'closed', nextRetryAt: null });
    if (socket && socket.readyState !== WebSocket.CLOSED) {
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => socket.terminate(), 1000);
        socket.once('close', () => {
          clearTimeout(force);
          resolve();
        });
      });
    }
  }

  private open(): void {
    this.clearRetry();
    const { host, port, password } = this.endpoint;
    const socket = new WebSocket(rconUrl(host, port, password), {
      handshakeTimeout: this.options.connectTimeoutMs ?? 10_000,
      perMessageDeflate: false,
    });
    this.socket = socket;
    this.setStatus({ state: 'connecting' });
    let openedAt = 0;
    let failure: unknown;
    socket.on('open', () => {
      openedAt = Date.now();
      this.refusals = 0;
      this.lastLogged = null;
      this.setStatus({ state: 'online' });
      this.stopKeepAlive = keepAlive(socket, this.options.pingIntervalMs ?? 30_000);
    });
    socket.on('message', (data: WebSocket.RawData) => this.onFrame(frameText(data)));
    socket.on('error', (error) => {
      failure = error;
    });
    socket.on('close', (code) => {
      if (this.socket !== socket) return; // replaced or closed on purpose
      this.socket = null;
      this.stopKeepAlive?.();
      this.stopKeepAlive = null;
      this.pending.abandon('connection-lost');
      if (openedAt === 0 && isRefusal(failure)) return this.onRefused();
      if (openedAt !== 0 && Date.now() - openedAt >= STABLE_MS) this.failures = 0;
      // The admin reads why in Russian; the log keeps what the socket said, once per change.
      this.logFailure(
        openedAt !== 0
          ? `connection lost (code ${code})`
          : describeFailure(failure) || `closed (code ${code})`,
      );
      this.scheduleRetry(
        reconnectDelay(++this.failures, this.backoff, this.random),
        'unreachable',
        openedAt !== 0 ? RCON_ERRORS.linkLost : connectionFailureText(failure),
      );
    });
  }

  /** Logs why a connection failed, technically; a server down for an hour logs it once. */
  private logFailure(technical: string): void {
    if (technical === this.lastLogged) return;
    this.lastLogged = technical;
    this.options.logger?.warn(`RCON ${this.endpoint.host}:${this.endpoint.port}: ${technical}`);
  }

  private onRefused(): void {
    this.refusals += 1;
    const max = this.options.maxRefusedAttempts ?? 2;
    const where = `${this.endpoint.host}:${this.endpoint.port}`;
    if (this.refusals >= max) {
      this.options.logger?.warn(
        `RCON ${where}: password refused ${this.refusals} times, not retrying`,
      );
      this.setStatus({
        state: 'offline',
        reason: 'password-refused',
        detail: RCON_ERRORS.passwordRefusedStopped,
        nextRetryAt: null,
      });
      return;
    }
    const delay = refusedDelay(this.refusals, this.options.refusedBackoffMs ?? 60_000, this.random);
    this.options.logger?.warn(
      `RCON ${where}: password refused, next try in ${Math.round(delay / 1000)} s`,
    );
    this.scheduleRetry(delay, 'password-refused', RCON_ERRORS.passwordRefused);
  }

  private scheduleRetry(delayMs: number, reason: RconStatus['reason'], detail: string): void {
    if (this.closed) return;
    this.clearRetry();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, delayMs);
    const now = new Date();
    this.setStatus(
      { state: 'offline', reason, detail, nextRetryAt: new Date(now.getTime() + delayMs) },
      now,
    );
  }

  private onFrame(raw: string): void {
    const frame = parseFrame(raw);
    if (!frame) return this.options.logger?.warn('RCON: ignored a frame that is not JSON');
    if (this.pending.take(frame)) return;
    const line: RconLine = { ...frame, receivedAt: new Date() };
    for (const listener of this.lineListeners) listener(line);
  }

  private dropSocket(reason: 'connection-lost' | 'closed' = 'connection-lost'): void {
    this.clearRetry();
    this.stopKeepAlive?.();
    const socket = this.socket;
    this.socket = null;
    this.pending.abandon(reason);
    if (!socket) return;
    if (socket.readyState === WebSocket.OPEN) socket.close(1000);
    else socket.terminate();
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private setStatus(next: Omit<RconStatus, 'since'>, since = new Date()): void {
    this.current = { ...next, since };
    for (const listener of this.statusListeners) listener(this.current);
  }
}
