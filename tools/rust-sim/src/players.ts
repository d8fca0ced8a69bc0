import { Inventory } from './inventory';
import type { SimGift, SimPlayer, SimPlayerInit } from './types';

/**
 * Default online players. Their ids match two of the shop's demo sign-in accounts, so a test that
 * signs in as Bandit_Kolya buys for someone in the game, and one who signs in as Nadya_Solo (offline
 * here) sees a delivery wait, as it would in game.
 */
export const DEFAULT_PLAYERS: readonly SimPlayerInit[] = [
  { steamId: '76561198000000002', name: 'Bandit_Kolya' },
  { steamId: '76561198000000003', name: 'Vasya Raider' },
];

const RANDOM_NAMES = [
  'Rustacean',
  'NakedBob',
  'Doorcamper',
  'Zerg_Lord',
  'Scrapper',
  'Hapis_Fan',
  'OilRigEnjoyer',
  'Boom_Boom',
  'SilentRoofer',
  'Mira',
  'Sasha_P',
  'Kostya',
  'Lena_404',
  'Ivan the Farmer',
];

/** The online-player table: who `inventory.giveto`, `kick`, `ban` and `playerlist` can see. */
export class Roster {
  private readonly online = new Map<string, SimPlayer>();
  /** Everyone ever seen, so offline ids still resolve to a name (as Oxide's covalence does). */
  private readonly known = new Map<string, string>();
  /** Inventories by SteamID: a player who leaves keeps theirs (their sleeper carries it). */
  private readonly inventories = new Map<string, Inventory>();
  private readonly gifts: SimGift[] = [];
  private nextGeneratedId = 76561198990000000n;

  constructor(private readonly random: () => number) {}

  add(init: SimPlayerInit = {}): SimPlayer {
    const steamId = init.steamId ?? this.generateId();
    const player: SimPlayer = {
      steamId,
      name: init.name ?? this.pickName(),
      address: `10.0.${Math.floor(this.random() * 250)}.${Math.floor(this.random() * 250)}:${
        49152 + Math.floor(this.random() * 16000)
      }`,
      connectedAt: Date.now(),
      ping: init.ping ?? 20 + Math.floor(this.random() * 80),
      health: init.health ?? 100,
      resident: init.resident ?? false,
    };
    this.online.set(steamId, player);
    this.known.set(steamId, player.name);
    const described = init.inventorySlots ?? init.freeSlots ?? init.inventory;
    if (described !== undefined || !this.inventories.has(steamId)) {
      const items = init.inventory ?? [];
      const capacity =
        init.inventorySlots ??
        (init.freeSlots === undefined ? null : items.length + init.freeSlots);
      this.inventories.set(steamId, new Inventory(capacity, items));
    }
    return player;
  }

  /** A player's inventory (an empty, unlimited one for someone never seen). */
  inventoryOf(steamId: string): Inventory {
    let inventory = this.inventories.get(steamId);
    if (!inventory) {
      inventory = new Inventory(null);
      this.inventories.set(steamId, inventory);
    }
    return inventory;
  }

  remove(steamId: string): SimPlayer | undefined {
    const player = this.online.get(steamId);
    this.online.delete(steamId);
    return player;
  }

  list(): SimPlayer[] {
    return [...this.online.values()];
  }

  get(steamId: string): SimPlayer | undefined {
    return this.online.get(steamId);
  }

  knownName(steamId: string): string | undefined {
    return this.known.get(steamId);
  }

  /** Everyone the server has seen, online or not (Oxide's covalence player list). */
  knownIds(): string[] {
    return [...this.known.keys()];
  }

  /**
   * `BasePlayer.Find`: an online player by SteamID, else by name (exact, then a unique partial match,
   * ignoring case). Offline players are never found, which is why the game answers
   * "Couldn't find player!" for them.
   */
  find(text: string): SimPlayer | undefined {
    const byId = this.online.get(text);
    if (byId) return byId;
    const lower = text.toLowerCase();
    const players = this.list();
    const exact = players.find((player) => player.name.toLowerCase() === lower);
    if (exact) return exact;
    const partial = players.filter((player) => player.name.toLowerCase().includes(lower));
    return partial.length === 1 ? partial[0] : undefined;
  }

  recordGift(gift: SimGift): void {
    this.gifts.push(gift);
  }

  giftsOf(steamId?: string): SimGift[] {
    return steamId === undefined
      ? [...this.gifts]
      : this.gifts.filter((g) => g.steamId === steamId);
  }

  private generateId(): string {
    let id: string;
    do {
      this.nextGeneratedId += 1n + BigInt(Math.floor(this.random() * 1000));
      id = this.nextGeneratedId.toString();
    } while (this.online.has(id));
    return id;
  }

  private pickName(): string {
    const base = RANDOM_NAMES[Math.floor(this.random() * RANDOM_NAMES.length)] ?? 'Player';
    const taken = new Set(this.list().map((player) => player.name));
    if (!taken.has(base)) return base;
    return `${base}${Math.floor(this.random() * 900) + 100}`;
  }
}
