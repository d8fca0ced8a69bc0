import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteImages, siteVersions } from '../../db/schema/index';
import type { SiteOverrides } from './site-settings';

/** Every writer of a version takes this lock first: versions follow one another, none lost. */
const SITE_LOCK_KEY = 7_203_233;

export interface SiteImageFile {
  name: string;
  slot: string;
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface StoredVersion {
  version: number;
  overrides: SiteOverrides;
}

/** The site module's tables: the versions of the settings and the files of their pictures. */
export function createSiteRepository(db: Db) {
  return {
    /** The version in force (0 with no overrides when the owner never changed anything). */
    async latest(tx: Db = db): Promise<StoredVersion> {
      const [row] = await tx
        .select({ version: siteVersions.version, overrides: siteVersions.overrides })
        .from(siteVersions)
        .orderBy(desc(siteVersions.version))
        .limit(1);
      return row ?? { version: 0, overrides: {} };
    },

    /** The newest version number alone: what every process asks to learn of a change. */
    async latestNumber(tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ version: sql<number>`coalesce(max(${siteVersions.version}), 0)::int` })
        .from(siteVersions);
      return Number(row?.version ?? 0);
    },

    async get(version: number) {
      const [row] = await db.select().from(siteVersions).where(eq(siteVersions.version, version));
      return row;
    },

    async list(limit: number, offset: number) {
      const rows = await db
        .select({
          version: siteVersions.version,
          createdAt: siteVersions.createdAt,
          actorName: siteVersions.actorName,
          summary: siteVersions.summary,
          restoredFrom: siteVersions.restoredFrom,
        })
        .from(siteVersions)
        .orderBy(desc(siteVersions.version))
        .limit(limit)
        .offset(offset);
      const [totals] = await db.select({ total: sql<number>`count(*)::int` }).from(siteVersions);
      return { rows, total: Number(totals?.total ?? 0) };
    },

    /**
     * In one transaction: takes the lock, reads the version in force, lets `change` make the next
     * overrides from it (or refuse by throwing), writes them as the next version and lets `after`
     * write what belongs with it (the journal). Returns the new version.
     */
    async write(
      change: (
        current: StoredVersion,
        tx: Db,
      ) => Promise<{
        overrides: SiteOverrides;
        summary: string;
        restoredFrom?: number;
      }>,
      actor: { id: number | null; name: string },
      after: (tx: Db, version: number, current: StoredVersion) => Promise<void>,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SITE_LOCK_KEY})`);
        const current = await this.latest(tx);
        const next = await change(current, tx);
        const version = current.version + 1;
        await tx.insert(siteVersions).values({
          version,
          overrides: next.overrides as Record<string, unknown>,
          summary: next.summary,
          actorId: actor.id,
          actorName: actor.name,
          restoredFrom: next.restoredFrom ?? null,
        });
        await after(tx, version, current);
        return version;
      });
    },

    /** Stores picture files; a name already stored holds the same bytes (it is their hash). */
    async saveImages(tx: Db, files: SiteImageFile[]): Promise<void> {
      if (files.length === 0) return;
      await tx.insert(siteImages).values(files).onConflictDoNothing({ target: siteImages.name });
    },

    async image(name: string) {
      const [row] = await db
        .select({ contentType: siteImages.contentType, bytes: siteImages.bytes })
        .from(siteImages)
        .where(eq(siteImages.name, name));
      return row;
    },
  };
}

export type SiteRepository = ReturnType<typeof createSiteRepository>;
