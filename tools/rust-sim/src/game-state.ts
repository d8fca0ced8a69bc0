import type { ParsedCommand } from './command-line';
import type { Roster } from './players';
import type { RconMessageType, SimBan, SimItem, SimMute } from './types';

/** Everything the simulated game remembers between commands. */
export interface GameState {
  hostname: string;
  map: string;
  maxPlayers: number;
  /** When the server process started: a wipe restarts it, so Uptime counts from the wipe. */
  startedAt: number;
  /** When the current save (the map) was made: serverinfo's SaveCreatedTime; a wipe renews it. */
  saveCreatedAt: Date;
  /** `server.seed` and `server.worldsize`: the procedural map of the current save. */
  seed: number;
  worldSize: number;
  items: readonly SimItem[];
  readonly roster: Roster;
  readonly bans: Map<string, SimBan>;
  readonly mutes: Map<string, SimMute>;
  /** Oxide group -> member SteamIDs. */
  readonly groups: Map<string, Set<string>>;
  /** When set, only these groups exist (Oxide refuses others). */
  allowedGroups: ReadonlySet<string> | null;
  /** Chat lines the shop's plugin wrote to single players (`rustshop.notify`). */
  readonly notices: Array<{ steamId: string; text: string }>;
  readonly random: () => number;
}

/**
 * What a command may do while it runs. As in the game (`RCon.OnCommand`), anything the command prints
 * goes back to the connection that sent it, tagged with its Identifier; chat goes to everyone with -1.
 */
export interface CommandContext {
  readonly command: ParsedCommand;
  readonly state: GameState;
  reply: (text: string, type?: RconMessageType) => void;
  chat: (message: string, username?: string, userId?: string) => void;
}

export type CommandHandler = (context: CommandContext) => void;
