/**
 * The child process that writes a running shop's backup (modules/backups/snapshot-backup.ts), at
 * low priority: from the copy of the embedded data folder the shop made (as after a crash at
 * that moment), or from PostgreSQL at DATABASE_URL. Prints what it wrote as JSON. Its memory (a
 * second embedded PostgreSQL, or the pages being written) goes back to the system when it exits.
 */
import { openDatabase } from '../db/client';
import { BACKGROUND_NICENESS, lowerPriority, SNAPSHOT_NICENESS } from '../lib/low-priority';
import { writeBackupFile } from '../modules/backups/backup-files';
import { dumpDatabase } from '../modules/backups/database-dump';

const [dir, copy] = process.argv.slice(2);
const url = process.env.DATABASE_URL;
if (!dir || (!copy && !url)) {
  console.error('Usage: backup-snapshot <backup folder> [<copied data folder>], else DATABASE_URL');
  process.exit(2);
}
// The shop lowered this process's main thread; the threads started before that, too. PostgreSQL's
// snapshot wants a little priority while it is open; the copy of an embedded folder holds nothing.
lowerPriority(copy ? BACKGROUND_NICENESS : SNAPSHOT_NICENESS);
const database = await openDatabase(
  copy ? { dataDir: copy, migrations: 'none' } : { url, migrations: 'none' },
);
try {
  const written = await writeBackupFile(dir, (write) =>
    dumpDatabase(database, write, { spillDir: dir, onSnapshotEnd: () => lowerPriority() }),
  );
  process.stdout.write(JSON.stringify(written));
} finally {
  await database.close();
}
