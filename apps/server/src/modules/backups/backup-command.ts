import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { openDatabase } from '../../db/client';
import type { WrittenBackup } from './backup-files';
import { backupTarget, takeBackup } from './backup-service';
import { lowerPriority, SNAPSHOT_NICENESS } from '../../lib/low-priority';
import { askRunningShop } from '../../plugins/control-socket';
import { SNAPSHOT_DUMP_TIMEOUT_MS } from './snapshot-backup';
import { DataCommandError } from './target-database';

export interface BackupCommandResult extends WrittenBackup {
  /** Whether the running embedded shop took it (through its control socket). */
  throughRunningShop: boolean;
}

/**
 * `npm run backup [-- --out DIR]`: PostgreSQL is read over a connection of this command's own,
 * from a snapshot that does not hold purchases up; a running embedded shop is asked to take the
 * backup itself; a stopped one is read in place. Without `out` it goes to DATA_DIR/backups, which
 * keeps the newest BACKUP_KEEP. The schema is never migrated by a backup.
 */
export async function backupCommand(
  config: Config,
  out: string | undefined,
): Promise<BackupCommandResult> {
  const dir = out ? path.resolve(out) : null;
  const target = { ...backupTarget(config, dir), trigger: 'command' as const };
  if (config.databaseUrl) {
    // This process gives way to the shop's: a little while its snapshot holds PostgreSQL's
    // clean-up back, all the way once it turns the tables' text into backup lines.
    lowerPriority(SNAPSHOT_NICENESS);
    const database = await openDatabase({ url: config.databaseUrl, migrations: 'none' });
    try {
      const onSnapshotEnd = () => lowerPriority();
      return {
        ...(await takeBackup(database, { ...target, inThisProcess: true, onSnapshotEnd })),
        throughRunningShop: false,
      };
    } finally {
      await database.close();
    }
  }
  // The shop's copy of its data folder, then its dump child's whole allowance, then a margin.
  const reply = await askRunningShop(
    config.dataDir,
    { command: 'backup', dir },
    SNAPSHOT_DUMP_TIMEOUT_MS + 5 * 60_000,
  );
  if (reply) {
    if (!reply.ok) throw new DataCommandError(`The running shop could not back up: ${reply.error}`);
    return { ...(reply.result as WrittenBackup), throughRunningShop: true };
  }
  if (!existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
    throw new DataCommandError(`There is no embedded database in ${config.dataDir} (DATA_DIR).`);
  }
  const database = await openDatabase({ dataDir: config.dataDir, migrations: 'none' });
  try {
    return {
      ...(await takeBackup(database, { ...target, inThisProcess: true })),
      throughRunningShop: false,
    };
  } finally {
    await database.close();
  }
}
