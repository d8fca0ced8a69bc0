import { hostname } from 'node:os';
import path from 'node:path';
import { desc, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { backups } from '../../db/schema/index';
import { pruneBackups, writeBackupFile, type WrittenBackup } from './backup-files';
import { dumpDatabase } from './database-dump';
import { backupInChild } from './snapshot-backup';

export type BackupRow = typeof backups.$inferSelect;
export type BackupTrigger = BackupRow['trigger'];

/**
 * Where a backup goes and how many are kept there: DATA_DIR/backups keeps the newest BACKUP_KEEP;
 * a folder the owner names keeps every one.
 */
export function backupTarget(config: Config, dir: string | null | undefined) {
  return dir
    ? { dir, keep: undefined }
    : { dir: path.join(config.dataDir, 'backups'), keep: config.backups.keep };
}

export interface TakeBackupOptions {
  dir: string;
  trigger: BackupTrigger;
  /** Backups of `dir` to keep (the oldest beyond go); unset keeps every one. */
  keep?: number | undefined;
  /**
   * The caller is `npm run backup`, a process of the backup's own at low priority, so it
   * writes the backup itself: from PostgreSQL, or from the embedded database of a stopped shop,
   * which it has to itself. A running shop has a child process write it.
   */
  inThisProcess?: boolean;
  /** In this process: called once PostgreSQL's snapshot is released (database-dump.ts). */
  onSnapshotEnd?: () => void;
}

/** Whether the database has the table of backups yet (migration 0014). */
async function hasBackupsTable(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ name: string | null }>(
    db,
    sql`select to_regclass('public.backups')::text as name`,
  );
  return Boolean(row?.name);
}

/**
 * Takes one backup: PostgreSQL from a repeatable-read snapshot over its own connection, the
 * embedded database from a copy of its folder; in a child process of low priority unless
 * the caller is the backup command itself. Records it in the database
 * (the admin overview shows its age) and prunes the folder down to `keep`.
 */
export async function takeBackup(
  database: Database,
  options: TakeBackupOptions,
): Promise<WrittenBackup> {
  const started = Date.now();
  const written = options.inThisProcess
    ? await writeBackupFile(options.dir, (write) =>
        dumpDatabase(database, write, {
          spillDir: options.dir,
          onSnapshotEnd: options.onSnapshotEnd,
        }),
      )
    : await backupInChild(database, options.dir);
  if (options.keep) await pruneBackups(options.dir, options.keep);
  if (await hasBackupsTable(database.db)) {
    await database.db.insert(backups).values({
      takenAt: new Date(written.header.takenAt),
      host: hostname(),
      file: written.file,
      bytes: written.bytes,
      schemaVersion: written.header.schemaVersion,
      rows: written.header.rows,
      trigger: options.trigger,
      durationMs: Date.now() - started,
    });
  }
  return written;
}

/** The newest backup the shop knows of, whichever machine took it. */
export async function lastBackup(db: Db): Promise<BackupRow | undefined> {
  const [row] = await db.select().from(backups).orderBy(desc(backups.takenAt)).limit(1);
  return row;
}
