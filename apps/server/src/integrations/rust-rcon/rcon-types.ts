/** Frame types of Facepunch's WebRcon (its `RCon.LogType` enum, sent by name). */
export type RconMessageType = 'Generic' | 'Error' | 'Warning' | 'Chat' | 'Report' | 'ClientPerf';

/**
 * The outcome of one command. `unknown` is not a failure: the game may have run the command and
 * simply sent nothing back (several commands never answer), or the link dropped after sending.
 * Callers that change game state (giving items) must treat it as "maybe done", never as "not done".
 */
export type RconCommandResult =
  | { status: 'ok'; message: string; type: RconMessageType }
  | { status: 'unknown'; reason: 'timeout' | 'connection-lost' | 'closed' }
  | { status: 'unavailable'; reason: RconUnavailableReason };

/** Why a command was not even sent: it certainly did not run. */
export type RconUnavailableReason = 'connecting' | 'offline' | 'password-refused' | 'closed';

export type RconConnectionState = 'connecting' | 'online' | 'offline';

export interface RconStatus {
  state: RconConnectionState;
  /** Set when offline: the server could not be reached, refused our password, or we closed. */
  reason?: 'unreachable' | 'password-refused' | 'closed';
  /**
   * Why, in the admin's words (Russian, rcon-errors.ts): what failed and what to check. Never the
   * socket's own message nor the password; the technical detail goes to the log.
   */
  detail?: string;
  /** When the next connection attempt is due; null while offline means "not retrying on its own". */
  nextRetryAt?: Date | null;
  since: Date;
}

/** A line from the server's console stream: log lines (Identifier 0), chat (-1), stray replies. */
export interface RconLine {
  message: string;
  type: RconMessageType;
  identifier: number;
  receivedAt: Date;
}

export interface RconBackoffOptions {
  /** First reconnect delay after a drop or an unreachable server. */
  initialMs: number;
  maxMs: number;
  factor: number;
  /** 0..1: how much of each delay is randomised, so many shops do not reconnect in lockstep. */
  jitter: number;
}

export interface RconLogger {
  info(message: string): void;
  warn(message: string): void;
}

export interface RconEndpoint {
  host: string;
  port: number;
  password: string;
}

export interface RconClientOptions extends RconEndpoint {
  /** How long to wait for a command's reply before calling its outcome unknown. Default 10 s. */
  commandTimeoutMs?: number;
  /** Handshake timeout. Default 10 s. */
  connectTimeoutMs?: number;
  backoff?: Partial<RconBackoffOptions>;
  /**
   * Delay after the server refuses the password; doubles on each further refusal. Default 60 s.
   * The game bans an address for 300 s after 5 refusals and never forgets a refusal until then.
   */
  refusedBackoffMs?: number;
  /** Consecutive refusals after which the client stops trying until the config changes. Default 3. */
  maxRefusedAttempts?: number;
  /** WebSocket ping period to notice a dead link (the game answers pings). Default 30 s; 0 = off. */
  pingIntervalMs?: number;
  /** First command Identifier; they rise from here. Default 1001 (the game reserves 0 and -1). */
  firstIdentifier?: number;
  random?: () => number;
  logger?: RconLogger;
}
