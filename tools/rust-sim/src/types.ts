/** Frame types of Facepunch's WebRcon (the `RCon.LogType` enum, serialised by name). */
export type RconMessageType = 'Generic' | 'Error' | 'Warning' | 'Chat' | 'Report' | 'ClientPerf';

/** What the game sends: `{Message, Identifier, Type, Stacktrace}`. */
export interface RconFrame {
  Message: string;
  Identifier: number;
  Type: RconMessageType;
  Stacktrace: string;
}

/** An item the simulated game knows, as `inventory.giveto` looks it up (by shortname). */
export interface SimItem {
  shortname: string;
  /** English display name, used in the game's "[ServerVar] giving ..." line. */
  name: string;
  /**
   * Its stack limit (the game's ItemDefinition.stackable): how many one inventory slot tops up to.
   * Default 1, so every give takes a slot of its own.
   */
  stackSize?: number;
}

/** One occupied inventory slot. */
export interface SimSlot {
  readonly shortname: string;
  readonly amount: number;
}

export interface SimPlayerInit {
  /** SteamID64; generated when omitted. */
  steamId?: string;
  name?: string;
  /**
   * Inventory slots (a player has 24 main and 6 belt slots in the game). Omitted = unlimited, so
   * "Couldn't give item (inventory full?)" never happens. The inventory outlives a disconnect.
   */
  inventorySlots?: number;
  /** Free slots left beside `inventory` (another way to say inventorySlots). */
  freeSlots?: number;
  /** What the player carries when they join (each entry one slot). */
  inventory?: readonly SimSlot[];
  ping?: number;
  health?: number;
  /**
   * Stays online whatever the churn does (a player someone is watching, like the demo's sign-in
   * accounts); `removePlayer` still takes them off. Default false.
   */
  resident?: boolean;
}

export interface SimPlayer {
  readonly steamId: string;
  readonly name: string;
  readonly address: string;
  readonly connectedAt: number;
  ping: number;
  health: number;
  readonly resident: boolean;
}

/** One thing a player received through `inventory.giveto`. */
export interface SimGift {
  readonly at: Date;
  readonly steamId: string;
  readonly shortname: string;
  readonly amount: number;
}

/** Every command the sim ran, in order: what the tests assert on. */
export interface SimCommandRecord {
  readonly at: Date;
  /** Which WebRcon connection sent it (rising from 1, like the game's client ids). */
  readonly connectionId: number;
  readonly address: string;
  readonly identifier: number;
  /** The command's name as typed, lower-cased (e.g. `inventory.giveto`). */
  readonly name: string;
  /** The whole command line as received. */
  readonly message: string;
  readonly args: readonly string[];
  /**
   * The frames it answered with, in order: what it logged while it ran, then its reply (possibly
   * empty). Empty when the game does not know the command, or when the command is silenced.
   */
  readonly replies: readonly string[];
  readonly silenced: boolean;
}

export type SimConnectionOutcome = 'accepted' | 'wrong-password' | 'banned';

export interface SimConnectionAttempt {
  readonly at: Date;
  readonly address: string;
  readonly outcome: SimConnectionOutcome;
}

export interface SimBan {
  readonly steamId: string;
  readonly name: string;
  readonly reason: string;
  /** Unix seconds, or -1 for permanent (as the game stores it). */
  readonly expiry: number;
}

export interface SimMute {
  readonly steamId: string;
  readonly reason: string;
  /** Milliseconds, or null for a permanent mute. */
  readonly durationMs: number | null;
}

export interface RustSimOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 (default) picks a free port; `start()` after `stop()` reuses the port first bound. */
  port?: number;
  /** Default `sim-password`. Compared to the request path exactly, as the game does. */
  password?: string;
  hostname?: string;
  map?: string;
  maxPlayers?: number;
  /**
   * When the current save was made (serverinfo's SaveCreatedTime), to the second. Default: when the
   * sim starts, as a server that starts on a new map. A demo or test that comes back on the same
   * world passes the time it had.
   */
  saveCreatedAt?: Date;
  /** The map's `server.seed`; default random. */
  seed?: number;
  /** The map's `server.worldsize`; default 4000. */
  worldSize?: number;
  /** The item table `inventory.giveto` knows, in the game's order. Default: a small common set. */
  items?: readonly SimItem[];
  /** Players online at start. Default: two demo players. Pass `[]` for an empty server. */
  players?: readonly SimPlayerInit[];
  /**
   * Oxide groups that exist at start; others must be made with `oxide.group add <name>` first, as on
   * a real server. Default DEFAULT_GROUPS: Oxide's own `default` and `admin`, and the groups of the
   * shop's standard VIP tiers (`vip_bronze` … `vip_diamond`).
   */
  groups?: readonly string[];
  /** Permissions plugins registered (what `oxide.grant` accepts). Default: BetterChatMute's. */
  permissions?: readonly string[];
  /** Wrong passwords from one address before it is banned. Game default 5. */
  maxPasswordFailures?: number;
  /** How long such a ban lasts. Game default 300 s. */
  banDurationMs?: number;
  /** Commands (by name) that run but never answer, to exercise client timeouts. */
  silentCommands?: readonly string[];
  /** Delay before each command runs, to model a busy main thread. Default 0. */
  commandDelayMs?: number;
  /** Console log line (Identifier 0) every N ms; null = off. Default 15 s. */
  consoleIntervalMs?: number | null;
  /** A player chat line (Identifier -1) every N ms; null = off. Default 40 s. */
  chatIntervalMs?: number | null;
  /** A random player joins or leaves every N ms (demo); null = off (default). Residents never leave. */
  churnIntervalMs?: number | null;
  /** Random source, injectable for reproducible tests. */
  random?: () => number;
}
