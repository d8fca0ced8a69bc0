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
  /** Oxide group -> member SteamIDs. Only groups in this map exist. */
  readonly groups: Map<string, Set<string>>;
  /** Permissions plugins registered (Oxide's PermissionExists). */
  readonly permissions: Set<string>;
  /** SteamID -> permissions granted to that player directly. */
  readonly userPermissions: Map<string, Set<string>>;
  /** Chat lines the shop's plugin wrote to single players (`rustshop.notify`). */
  readonly notices: Array<{ steamId: string; text: string }>;
  readonly random: () => number;
}

/**
 * What a command may do while it runs, as in the game (Facepunch.RCon.OnCommand): every line it
 * logs (Debug.Log, and so Oxide's LogInfo and a plugin's Puts) goes back at once to the connection
 * that sent it with the command's Identifier; chat it broadcasts meanwhile goes to that connection
 * only, with Identifier -1; and when it returns, its reply (ConsoleSystem.Arg.ReplyWith, the last
 * one set; empty when none was) follows as its last frame.
 */
export interface CommandContext {
  readonly command: ParsedCommand;
  readonly state: GameState;
  log: (text: string, type?: RconMessageType) => void;
  reply: (text: string) => void;
  chat: (message: string, username?: string, userId?: string) => void;
}

export type CommandHandler = (context: CommandContext) => void;

/**
 * Oxide puts every player who connects into its players' group, `default` (Oxide.Core
 * OxideConfig.DefaultGroups.Players), when the group exists.
 */
export function joinDefaultGroup(state: GameState, steamId: string): void {
  state.groups.get('default')?.add(steamId);
}
