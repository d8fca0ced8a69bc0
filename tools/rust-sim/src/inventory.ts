import type { SimSlot } from './types';

/** What one give did: how many items landed, and whether all of them did. */
export interface GiveResult {
  landed: number;
  whole: boolean;
}

/**
 * A player's inventory as the game fills it (Facepunch's PlayerInventory.GiveItem and
 * Item.MoveToContainer, Assembly-CSharp/PlayerInventory.cs and Item.cs): a stackable item first tops
 * up the stacks of the same item that are below its limit, then what is left goes into the first
 * free slot, whole (a slot takes an oversized stack: the player's containers set no maxStackSize).
 * With no free slot, GiveItem fails and ConVar.Inventory.giveto destroys what was left, so the
 * top-ups stay and the rest is lost. The main (24) and belt (6) containers are one pool here.
 */
export class Inventory {
  private readonly slots: Array<{ shortname: string; amount: number }>;

  constructor(
    /** Slots in all; null = unlimited. */
    public capacity: number | null,
    initial: readonly SimSlot[] = [],
  ) {
    this.slots = initial.map((slot) => ({ ...slot }));
  }

  get used(): number {
    return this.slots.length;
  }

  contents(): SimSlot[] {
    return this.slots.map((slot) => ({ ...slot }));
  }

  give(shortname: string, amount: number, stackLimit: number): GiveResult {
    let left = amount;
    if (stackLimit > 1) {
      for (const slot of this.slots) {
        if (left <= 0) break;
        if (slot.shortname !== shortname || slot.amount >= stackLimit) continue;
        const added = Math.min(stackLimit - slot.amount, left);
        slot.amount += added;
        left -= added;
      }
    }
    if (left <= 0) return { landed: amount, whole: true };
    if (this.capacity !== null && this.slots.length >= this.capacity) {
      return { landed: amount - left, whole: false };
    }
    this.slots.push({ shortname, amount: left });
    return { landed: amount, whole: true };
  }

  /** The player drops every stack of an item (or everything): returns how many items went. */
  drop(shortname?: string): number {
    let dropped = 0;
    for (let index = this.slots.length - 1; index >= 0; index -= 1) {
      const slot = this.slots[index];
      if (!slot || (shortname !== undefined && slot.shortname !== shortname)) continue;
      dropped += slot.amount;
      this.slots.splice(index, 1);
    }
    return dropped;
  }
}
