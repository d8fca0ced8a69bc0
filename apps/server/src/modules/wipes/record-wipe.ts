import type { Db } from '../../db/client';
import { revokeUntilWipe } from './wipe-revocations';
import { createWipesRepository, type WipeInput, type WipeRow } from './wipes-repository';

/**
 * How far apart an admin's mark and the save the monitor then sees may be and still be one wipe:
 * an admin marks a wipe as it happens, the server comes up on its new save minutes to hours later
 * (or the other way round).
 */
export const MARK_MATCHES_SAVE_MS = 6 * 60 * 60_000;

export interface RecordedWipe {
  wipe: WipeRow;
  /** Until-wipe order lines revoked by it (0 when a newer wipe was already known). */
  revoked: number;
}

/**
 * Records a wipe in the caller's transaction; null when that server's wipe at that time is
 * already known (a restart on the same save, another process that saw it first, the same mark
 * twice). A save the monitor sees close to the server's newest wipe marked by hand confirms that
 * mark instead of adding a second wipe. When the wipe is the server's newest, its until-wipe
 * purchases are revoked in the same transaction.
 */
export async function recordWipe(tx: Db, input: WipeInput): Promise<RecordedWipe | null> {
  const wipes = createWipesRepository(tx);
  await wipes.lockServer(input.serverId);
  if (await wipes.atTime(input.serverId, input.at)) return null;
  let wipe: WipeRow | undefined;
  if (input.source === 'detected') {
    const newest = await wipes.lastWipe(input.serverId);
    const close =
      newest?.source === 'manual' &&
      Math.abs(newest.wipedAt.getTime() - input.at.getTime()) <= MARK_MATCHES_SAVE_MS;
    if (newest && close) wipe = await wipes.confirmManual(newest.id, input);
  }
  wipe ??= await wipes.insert(input);
  if (!wipe) return null;
  if (await wipes.newerExists(input.serverId, wipe.wipedAt)) return { wipe, revoked: 0 };
  return { wipe, revoked: await revokeUntilWipe(tx, wipe) };
}
