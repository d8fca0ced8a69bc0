import type {
  RconMessageType,
  SimBan,
  SimCommandRecord,
  SimConnectionAttempt,
  SimGift,
  SimItem,
  SimMute,
  SimPlayer,
  SimPlayerInit,
  SimSlot,
} from './types';
import type { SimWipe } from './world';

/** A running simulated Rust server. Everything a test, the demo or a browser journey needs. */
export interface RustSimHandle {
  readonly host: string;
  /** The bound port (fixed for the handle's life, so `start()` after `stop()` comes back on it). */
  readonly port: number;
  readonly password: string;
  /** `ws://host:port/password`, what a WebRcon client dials. */
  readonly url: string;
  readonly isRunning: boolean;
  /** Every command run, oldest first. */
  readonly commands: readonly SimCommandRecord[];
  /** Every WebRcon connection attempt and how it ended. */
  readonly connectionAttempts: readonly SimConnectionAttempt[];
  /** WebRcon clients connected right now. */
  readonly connectionCount: number;
  readonly bans: ReadonlyMap<string, SimBan>;
  readonly mutes: ReadonlyMap<string, SimMute>;
  /** Oxide group -> members: the groups that exist (`oxide.group add` makes more). */
  readonly groups: ReadonlyMap<string, ReadonlySet<string>>;
  /** What the shop's plugin (`rustshop.notify`) wrote to single players, as each one read it. */
  readonly notices: ReadonlyArray<{ steamId: string; text: string }>;
  /** When the current save was made (to the second): serverinfo's SaveCreatedTime. */
  readonly saveCreatedAt: Date;
  readonly seed: number;
  readonly worldSize: number;
  readonly map: string;

  /**
   * Wipes the map: a new save made now (or `at`), a new seed unless given. A restart on the same
   * save is `stop()` then `start()`, which keeps it.
   */
  wipe(wipe?: SimWipe): Date;

  /** Listens again (on the same port) after `stop()`. */
  start(): Promise<void>;
  /** Drops every connection and stops listening: a server outage. Game state is kept. */
  stop(): Promise<void>;
  /** `stop()` plus the background timers, for good. */
  close(): Promise<void>;

  /** Changes the RCON password (the next connections must use it). */
  setPassword(password: string): void;
  addPlayer(init?: SimPlayerInit): SimPlayer;
  removePlayer(steamId: string): boolean;
  players(): SimPlayer[];
  /** What `inventory.giveto` put in inventories (a give that did not fit only what topped up stacks). */
  gifts(steamId?: string): SimGift[];
  /** Free inventory slots of an online player from now on; null = unlimited. */
  setFreeSlots(steamId: string, slots: number | null): void;
  /** A player's inventory, slot by slot (kept while they are offline). */
  inventory(steamId: string): SimSlot[];
  /** The player drops every stack of an item (or everything), making room; returns the items dropped. */
  dropItems(steamId: string, shortname?: string): number;
  setItems(items: readonly SimItem[]): void;
  /** Makes a command (by name, e.g. `inventory.giveto`) run but never answer; `false` undoes it. */
  setSilent(commandName: string, silent?: boolean): void;

  /** Pushes a console line (Identifier 0) to every connected client. */
  sendConsoleLine(message: string, type?: RconMessageType): void;
  /** Pushes a chat broadcast (Identifier -1, Type Chat, Message = JSON chat entry). */
  sendChat(input: { message: string; username?: string; userId?: string }): void;

  /** Whether an address is banned for bad passwords now. Default address 127.0.0.1. */
  isAddressBanned(address?: string): boolean;
  /** Failed password attempts counted against an address. Default 127.0.0.1. */
  failedAttempts(address?: string): number;
  /** The game's `rcon.clear_rcon_failed_logins` (also lifts temporary bans). */
  clearFailedLogins(): void;

  /** Called after every command with its record; returns an unsubscribe. */
  onCommand(listener: (record: SimCommandRecord) => void): () => void;
  /** Resolves with the first command (already run or future) that matches; rejects after timeoutMs. */
  waitForCommand(
    predicate: (record: SimCommandRecord) => boolean,
    timeoutMs?: number,
  ): Promise<SimCommandRecord>;
}
