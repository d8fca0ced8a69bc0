import { DEFAULT_GROUPS, DEFAULT_PERMISSIONS } from './commands-permissions';
import { joinDefaultGroup, type GameState } from './game-state';
import { DEFAULT_ITEMS } from './items';
import { DEFAULT_PLAYERS, Roster } from './players';
import type { RustSimOptions } from './types';

/** What a wipe may set; anything left out is new (seed) or kept (size, map). */
export interface SimWipe {
  /** When the new save is made. Default now. */
  at?: Date;
  /** The new map's seed. Default: a new random one, as a wipe with a random seed gives. */
  seed?: number;
  worldSize?: number;
  /** serverinfo's Map (server.level), e.g. "Procedural Map" or "Barren". Default: unchanged. */
  map?: string;
}

/** The game's seeds are positive 32-bit integers. */
const MAX_SEED = 2_147_483_647;
export const DEFAULT_WORLD_SIZE = 4000;

export const randomSeed = (random: () => number) => 1 + Math.floor(random() * (MAX_SEED - 1));

/**
 * A seed or world size as typed (a console argument, a command-line flag): a positive 32-bit
 * integer in digits, as the game keeps them; undefined otherwise.
 */
export function parseWorldNumber(text: string): number | undefined {
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 && value <= MAX_SEED ? value : undefined;
}

/** The game prints and keeps save times to the second. */
const toSecond = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000);

/**
 * A DateTime as .NET prints it with no format (the invariant culture of a dedicated server):
 * "04/17/2023 06:00:42", month first, 24-hour clock, no zone. The game keeps save times in UTC.
 */
export function dotnetDateText(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${two(date.getUTCMonth() + 1)}/${two(date.getUTCDate())}/${date.getUTCFullYear()} ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`
  );
}

/**
 * A map wipe: the server comes back on a new save made now (the game sets SaveCreatedTime from
 * DateTime.UtcNow, to the second as it prints it), usually with a new seed, and its uptime starts
 * again. Players stay in the roster: the simulated ones reconnect at once.
 */
export function wipeWorld(state: GameState, wipe: SimWipe = {}): Date {
  const at = wipe.at ?? new Date();
  state.saveCreatedAt = toSecond(at);
  state.seed = wipe.seed ?? randomSeed(state.random);
  if (wipe.worldSize !== undefined) state.worldSize = wipe.worldSize;
  if (wipe.map !== undefined) state.map = wipe.map;
  state.startedAt = Date.now();
  return state.saveCreatedAt;
}

/** The game as it starts: its settings, the players online and the save it loads (or makes). */
export function initialState(options: RustSimOptions, random: () => number): GameState {
  const roster = new Roster(random);
  for (const init of options.players ?? DEFAULT_PLAYERS) roster.add(init);
  const savedAt = options.saveCreatedAt ?? new Date();
  const state: GameState = {
    hostname: options.hostname ?? '[RU] Simulated Rust Server',
    map: options.map ?? 'Procedural Map',
    maxPlayers: options.maxPlayers ?? 100,
    startedAt: Date.now(),
    saveCreatedAt: toSecond(savedAt),
    seed: options.seed ?? randomSeed(random),
    worldSize: options.worldSize ?? DEFAULT_WORLD_SIZE,
    items: options.items ?? DEFAULT_ITEMS,
    roster,
    bans: new Map(),
    mutes: new Map(),
    groups: new Map((options.groups ?? DEFAULT_GROUPS).map((group) => [group, new Set<string>()])),
    permissions: new Set(options.permissions ?? DEFAULT_PERMISSIONS),
    userPermissions: new Map(),
    notices: [],
    random,
  };
  for (const player of roster.list()) joinDefaultGroup(state, player.steamId);
  return state;
}
