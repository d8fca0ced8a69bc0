import { parseConvarNumber, type RconClient } from '../../integrations/rust-rcon/index';

/** A server's current save as the monitor saw it: a new one means the map was wiped. */
export interface SaveSeen {
  serverId: number;
  /** serverinfo's SaveCreatedTime: when the save (the map) was made. */
  createdAt: Date;
  map: string | null;
  seed: number | null;
  worldSize: number | null;
}

/** Told of each save a process sees for the first time (the wipes module records the wipe). */
export type SaveListener = (seen: SaveSeen) => Promise<void>;

const CONVAR_TIMEOUT_MS = 5_000;

/**
 * Hands each server's save on to the listeners when it differs from the last one this process
 * handed on: a restart on the same save changes nothing, and polls do not write every 15 seconds.
 * Several processes (or a restarted one) may hand on the same save: the listener must take it as
 * often as it comes (the wipes table has one row per server and save time).
 */
export function createSaveWatch() {
  const handedOn = new Map<number, number>();
  const listeners: SaveListener[] = [];

  async function convar(client: RconClient, name: string): Promise<number | null> {
    const reply = await client.send(name, { timeoutMs: CONVAR_TIMEOUT_MS });
    return reply.status === 'ok' ? parseConvarNumber(name, reply.message) : null;
  }

  return {
    /** Wiring set while the app is built, the same in every process. */
    onSave(listener: SaveListener) {
      listeners.push(listener);
    },

    /** A poll read this save time; a listener's failure leaves it to be handed on again next poll. */
    async seen(serverId: number, client: RconClient, save: { createdAt: Date; map: string }) {
      const at = save.createdAt.getTime();
      if (listeners.length === 0 || handedOn.get(serverId) === at) return;
      // Asked only when the save is new to this process: the map's seed and size are the wipe's.
      const [seed, worldSize] = await Promise.all([
        convar(client, 'server.seed'),
        convar(client, 'server.worldsize'),
      ]);
      const seen = { serverId, createdAt: save.createdAt, map: save.map || null, seed, worldSize };
      for (const listener of listeners) await listener(seen);
      handedOn.set(serverId, at);
    },

    forget(serverId: number) {
      handedOn.delete(serverId);
    },
  };
}

export type SaveWatch = ReturnType<typeof createSaveWatch>;
