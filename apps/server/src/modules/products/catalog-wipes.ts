import type { LastWipesReader } from '../sales/purchase-pricing';

/**
 * How long a process trusts the last wipes it read. A wipe is recorded by the monitor of whichever
 * process leads, maybe a worker that tells no API process, or marked by an admin: each process
 * reads the last wipes again at most this long after it last did (one small grouped query, only
 * while buyers read the catalogue), so a wipe's sale and block show within seconds everywhere. A
 * wipe recorded by this process reaches it at once (the wipes module invalidates the catalogue,
 * which tells the others over Redis). Purchases never rely on it: each checks sales and wipes in
 * its own statement or transaction.
 */
export const WIPES_MAX_AGE_MS = 5_000;

/**
 * Each server's last wipe, read again once WIPES_MAX_AGE_MS old. The same wipes read again keep
 * the same map, so what was built on it (the priced catalogue) stays.
 */
export function createLastWipesCache(read: LastWipesReader) {
  let known: { at: number; byServer: Map<number, Date> } | null = null;
  let reading: Promise<Map<number, Date>> | null = null;
  /** Bumped by `forget`: a read that began before must not be kept after it. */
  let generation = 0;

  async function readAgain(): Promise<Map<number, Date>> {
    const startedAt = generation;
    const at = Date.now();
    const fresh = await read(new Date(at));
    const before = known?.byServer;
    const unchanged =
      before?.size === fresh.size &&
      [...fresh].every(([server, wipe]) => before.get(server)?.getTime() === wipe.getTime());
    const byServer = unchanged ? before : fresh;
    if (startedAt === generation) known = { at, byServer };
    return byServer;
  }

  return {
    current(): Promise<Map<number, Date>> {
      if (known && Date.now() - known.at < WIPES_MAX_AGE_MS) return Promise.resolve(known.byServer);
      reading ??= readAgain().finally(() => {
        reading = null;
      });
      return reading;
    },
    forget() {
      generation += 1;
      known = null;
      reading = null;
    },
  };
}
