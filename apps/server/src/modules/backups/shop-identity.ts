import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shopIdentity } from '../../db/schema/index';

export interface ShopIdentity {
  /** Which shop this database is; a backup carries it, and so does every copy restored from one. */
  shopId: string;
  /**
   * Restored by `npm run restore` and not yet made live: never the leader, no deliveries, no
   * game-server links, a banner (README, «Резервные копии»).
   */
  restoredCopy: boolean;
  /** When the backup this copy came from was taken. */
  restoredFromTakenAt: Date | null;
}

const ROW = 1;

/** The identity row, created with a fresh id the first time a shop starts on its database. */
export async function readShopIdentity(db: Db): Promise<ShopIdentity> {
  await db
    .insert(shopIdentity)
    .values({ id: ROW, shopId: randomUUID() })
    .onConflictDoNothing({ target: shopIdentity.id });
  const [row] = await db.select().from(shopIdentity).where(eq(shopIdentity.id, ROW));
  if (!row) throw new Error('shop identity missing');
  return {
    shopId: row.shopId,
    restoredCopy: row.restoredAt !== null,
    restoredFromTakenAt: row.restoredFromTakenAt,
  };
}

/** The id a backup records (created if this database never had one). */
export async function shopIdOf(db: Db): Promise<string> {
  return (await readShopIdentity(db)).shopId;
}

/**
 * Marks a just restored database as a copy of the shop its backup came from. A backup older than
 * the identity table names no shop: the copy keeps the id the migrations gave it, and is a copy all
 * the same.
 */
export async function markRestoredCopy(db: Db, backup: { shopId?: string; takenAt: string }) {
  const takenAt = new Date(backup.takenAt);
  await db
    .insert(shopIdentity)
    .values({
      id: ROW,
      shopId: backup.shopId ?? randomUUID(),
      restoredAt: new Date(),
      restoredFromTakenAt: takenAt,
    })
    .onConflictDoUpdate({
      target: shopIdentity.id,
      set: {
        ...(backup.shopId ? { shopId: backup.shopId } : {}),
        restoredAt: new Date(),
        restoredFromTakenAt: takenAt,
      },
    });
}

/**
 * Makes a restored copy the live shop (`npm run db:go-live`, or a start with SHOP_LIVE=1); false
 * when it already was.
 */
export async function goLive(db: Db): Promise<boolean> {
  const changed = await db
    .update(shopIdentity)
    .set({ restoredAt: null })
    .where(and(eq(shopIdentity.id, ROW), isNotNull(shopIdentity.restoredAt)))
    .returning({ id: shopIdentity.id });
  return changed.length > 0;
}
