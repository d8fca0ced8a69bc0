import { existsSync } from 'node:fs';
import { openDatabase, type DatabaseOptions } from '../../db/client';
import { latestSchemaVersion } from '../../db/schema-version';
import type { BackupHeader } from './backup-format';
import { backupFileSource, readBackupStart } from './backup-files';
import { shopRunsOn } from '../../plugins/control-socket';
import { loadDatabase } from './database-load';
import { settleRestoredDatabase } from './restore-aftermath';
import { checkRestored, type RestoredState } from './restore-checks';
import { markRestoredCopy } from './shop-identity';
import { DataCommandError, describeRows, inspectTarget } from './target-database';

export interface RestoreResult extends RestoredState {
  header: BackupHeader;
  /** The schema version after the later migrations carried the restored data forward. */
  schemaVersion: number;
}

/**
 * Restores a backup file into the database the shop is configured for (DATABASE_URL, or the
 * embedded one in DATA_DIR). The target must be empty (or `force`), and either new or at the
 * backup's schema version: the schema is built by the migrations up to the backup's version, the
 * rows loaded and checked in one transaction, then the later migrations run.
 */
export async function restoreBackup(
  file: string,
  target: Pick<DatabaseOptions, 'url' | 'dataDir'>,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreResult> {
  if (!existsSync(file)) throw new DataCommandError(`No such file: ${file}`);
  const header = await readBackupStart(file);
  const latest = latestSchemaVersion();
  if (header.schemaVersion > latest) {
    throw new DataCommandError(
      `This backup comes from a newer shop (schema ${header.schemaVersion}; this one knows up to ${latest}). Update the shop, then restore.`,
    );
  }
  if (!target.url && target.dataDir && (await shopRunsOn(target.dataDir))) {
    throw new DataCommandError(`A shop is running on ${target.dataDir}: stop it, then restore.`);
  }
  const state = await inspectTarget(target);
  if (state.foreign > 0) {
    throw new DataCommandError(
      "The database holds tables that are not the shop's: restore into an empty database.",
    );
  }
  if (state.schemaVersion !== null && state.schemaVersion !== header.schemaVersion) {
    throw new DataCommandError(
      `The database is at schema ${state.schemaVersion} and the backup at ${header.schemaVersion}: restore into a new, empty database (a fresh DATA_DIR or an empty PostgreSQL database).`,
    );
  }
  if (Object.keys(state.filled).length > 0 && !force) {
    throw new DataCommandError(
      `The database is not empty (${describeRows(state.filled)}). Add --force to replace its data with the backup's.`,
    );
  }
  let checked: RestoredState | undefined;
  let loaded: BackupHeader | undefined;
  const database = await openDatabase({ ...target, migrations: header.schemaVersion });
  try {
    loaded = await loadDatabase(database.db, backupFileSource(file), {
      verify: async (tx, summary) => {
        checked = await checkRestored(tx, summary);
      },
    });
  } finally {
    await database.close();
  }
  // The migrations after the backup's version carry the restored rows forward.
  const migrated = await openDatabase(target);
  try {
    // A restored database starts as a quiet copy of its shop until the owner makes it live.
    if (loaded) await markRestoredCopy(migrated.db, loaded);
    // No session, sign-in code or plugin key of the backup's time is trusted again as it was.
    if (loaded) await settleRestoredDatabase(migrated.db, loaded);
  } finally {
    await migrated.close();
  }
  if (!checked || !loaded) throw new Error('the restore was not checked');
  return { header: loaded, ...checked, schemaVersion: latest };
}
