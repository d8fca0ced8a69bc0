import { kopecksToRoubles } from '@shop/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { balanceImportRuns } from '../../db/schema/index';
import type { BalanceRow } from './balance-file';

/** How many recent imports the admin panel's progress shows. */
const SHOWN = 5;

/** An import of the file `key` begins (again): its rows, none done yet. */
export async function startRun(db: Db, key: string, rows: number, actorId: number | null) {
  await db
    .insert(balanceImportRuns)
    .values({ fileKey: key, rows, actorId })
    .onConflictDoUpdate({
      target: balanceImportRuns.fileKey,
      set: {
        rows,
        actorId,
        done: 0,
        credited: 0,
        creditedKopecks: 0,
        startedAt: sql`now()`,
        finishedAt: null,
      },
    });
}

/** A batch went through, in its transaction: `seen` rows done, `credited` of them credited. */
export async function recordProgress(db: Db, key: string, seen: number, credited: BalanceRow[]) {
  const kopecks = credited.reduce((sum, row) => sum + row.amountKopecks, 0);
  await db
    .update(balanceImportRuns)
    .set({
      done: sql`${balanceImportRuns.done} + ${seen}`,
      credited: sql`${balanceImportRuns.credited} + ${credited.length}`,
      creditedKopecks: sql`${balanceImportRuns.creditedKopecks} + ${kopecks}`,
    })
    .where(eq(balanceImportRuns.fileKey, key));
}

export async function finishRun(db: Db, key: string) {
  await db
    .update(balanceImportRuns)
    .set({ finishedAt: sql`now()` })
    .where(eq(balanceImportRuns.fileKey, key));
}

/** The latest imports, newest first: rows done of rows, what was credited, running or finished. */
export async function recentRuns(db: Db) {
  const rows = await db
    .select()
    .from(balanceImportRuns)
    .orderBy(desc(balanceImportRuns.startedAt))
    .limit(SHOWN);
  return rows.map((row) => ({
    file: row.fileKey.slice(0, 12),
    rows: row.rows,
    done: row.done,
    credited: row.credited,
    total: kopecksToRoubles(Number(row.creditedKopecks)),
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }));
}
