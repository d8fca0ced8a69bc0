/** Frame types of Facepunch's WebRcon (its `RCon.LogType` enum, sent by name). */
export type RconMessageType = 'Generic' | 'Error' | 'Warning' | 'Chat' | 'Report' | 'ClientPerf';

/** One frame the game sent with a command's Identifier: a line it logged while it ran, or its reply. */
export interface RconReplyLine {
  message: string;
  type: RconMessageType;
}

/**
 * The outcome of one command. `ok` carries every frame the game sent with the command's Identifier
 * (`lines`): what it logged while the command ran (Oxide's messages, the game's « [ServerVar] giving …»
 * line), then its reply, which may be empty. `message` is those lines' texts, empty ones left out,
 * one per line; `type` is the most severe of them.
 *
 * `unknown` is never success: the game sent no frame at all in time. A command the game does not
 * know gets no frame (RCon.OnCommand sends nothing when the console returns null), and neither does
 * one whose reply was lost or is stuck behind a busy server. Callers that change game state must
 * treat it as "maybe done" when the command exists, never as done.
 */
export type RconCommandResult =
  | { status: 'ok'; message: string; type: RconMessageType; lines: RconReplyLine[] }
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
  /** How long to wait for a command's first frame before calling its outcome unknown. Default 10 s. */
  commandTimeoutMs?: number;
  /**
   * After a command's latest frame, how long to wait for another before its answer is complete
   * (an empty frame, a command's empty reply, ends it at once). The game writes all of a command's
   * frames in one go (RCon.OnCommand runs the command on the main thread; every line logged
   * meanwhile goes out at once, its reply last, on sockets with NoDelay set: Facepunch.Rcon
   * Listener.Start), so they arrive together; this only bridges scheduling jitter. Default 50 ms.
   */
  replySettleMs?: number;
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
