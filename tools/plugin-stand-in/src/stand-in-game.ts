import type {
  InventoryItem,
  InventoryItemInit,
  ReplyEvent,
  StandInPermissions,
  StandInStatus,
} from './protocol';
import { StandInEvents } from './stand-in-events';

/**
 * What a test does to the stand-in's game while it runs: inventories and players, the rules other
 * plugins bend (stacking, the belt, CanAcceptItem), the permission library, the timers' clock and
 * language files. Each method sends one stdin command; StandIn owns the process and its lifecycle.
 */
export abstract class StandInGame extends StandInEvents {
  protected abstract command<T extends object = object>(
    cmd: string,
    fields?: Record<string, unknown>,
  ): Promise<ReplyEvent & T>;

  async inventory(steamId: string): Promise<InventoryItem[]> {
    return (await this.command<{ items: InventoryItem[] }>('inventory', { steamId })).items;
  }

  /** Replaces the main inventory and belt (creates the player, asleep, if unknown). */
  setInventory(steamId: string, items: readonly InventoryItemInit[]): Promise<void> {
    return this.command('setInventory', { steamId, items }).then(() => undefined);
  }

  /** The player dies (IsDead() is true); their inventory stays as it is. */
  killPlayer(steamId: string): Promise<void> {
    return this.command('kill', { steamId }).then(() => undefined);
  }

  respawn(steamId: string): Promise<void> {
    return this.command('respawn', { steamId }).then(() => undefined);
  }

  /**
   * Another plugin's CanAcceptItem: CannotAccept for this shortname in an empty slot, so merges into
   * existing stacks still happen (null: refuse nothing). `anySlot`: in every slot, merges included.
   */
  refuse(shortname: string | null, options: { anySlot?: boolean } = {}): Promise<void> {
    return this.command('refuse', { shortname, anySlot: options.anySlot ?? false }).then(
      () => undefined,
    );
  }

  /** Flags the item type ItemDefinition.Flag.NotAllowedInBelt (on: false clears it): the belt refuses it. */
  notInBelt(shortname: string, on = true): Promise<void> {
    return this.command('notInBelt', { shortname, on }).then(() => undefined);
  }

  /** Sets ItemDefinition.stackable, as a stack-size plugin does. */
  setStackable(shortname: string, stackable: number): Promise<void> {
    return this.command('setStackable', { shortname, stackable }).then(() => undefined);
  }

  /** Another plugin's OnMaxStackable answers this limit for the item (null: no answer). */
  setMaxStackable(shortname: string, limit: number | null): Promise<void> {
    return this.command('setMaxStackable', { shortname, limit }).then(() => undefined);
  }

  /** Another plugin's CanStackItem answers false for this item (on: false stops it). */
  blockStacking(shortname: string, on = true): Promise<void> {
    return this.command('blockStacking', { shortname, on }).then(() => undefined);
  }

  /** The permission library's data as it is in memory now. */
  async permissions(): Promise<StandInPermissions> {
    return (await this.command<{ permissions: StandInPermissions }>('permissions')).permissions;
  }

  /** Permission.CreateGroup, as an admin's `oxide.group add` would; false when it exists. */
  async createGroup(name: string, title?: string, rank?: number): Promise<boolean> {
    return (await this.command<{ created: boolean }>('createGroup', { name, title, rank })).created;
  }

  /** Permission.RemoveGroup: its members lose it. */
  async removeGroup(name: string): Promise<boolean> {
    return (await this.command<{ removed: boolean }>('removeGroup', { name })).removed;
  }

  /**
   * Permission.RegisterPermission by another plugin (owner: its name, default "OtherPlugin"), or by the
   * loaded plugin when owner is its name (then it goes when the plugin unloads).
   */
  registerPermission(permission: string, owner?: string): Promise<void> {
    return this.command('registerPermission', { permission, owner }).then(() => undefined);
  }

  /** Moves the timers' clock forward and fires what became due. */
  advance(seconds: number): Promise<{ fired: number }> {
    return this.command('advance', { seconds });
  }

  /** Writes lang/<lang>/<Plugin>.json as given, to break it on purpose. */
  writeLang(lang: string, text: string): Promise<{ path: string }> {
    return this.command('writeLang', { lang, text });
  }

  status(): Promise<StandInStatus> {
    return this.command('status');
  }
}
