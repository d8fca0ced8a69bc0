/**
 * The child process of a running embedded shop's backup (modules/backups/snapshot-backup.ts): opens
 * the copy of the data folder the shop made (as after a crash at that moment), writes the backup
 * from it, prints what it wrote as JSON. Its memory (a second embedded PostgreSQL) goes back to the
 * system when it exits.
 */
import { openDatabase } from '../db/client';
import { lowerPriority } from '../lib/low-priority';
import { writeBackupFile } from '../modules/backups/backup-files';
import { dumpDatabase } from '../modules/backups/database-dump';

const [copy, dir] = process.argv.slice(2);
if (!copy || !dir) {
  console.error('Usage: backup-snapshot <copied data folder> <backup folder>');
  process.exit(2);
}
// The shop lowered this process's main thread; the threads started before that, too.
lowerPriority();
const database = await openDatabase({ dataDir: copy, migrations: 'none' });
try {
  const written = await writeBackupFile(dir, (write) => dumpDatabase(database, write));
  process.stdout.write(JSON.stringify(written));
} finally {
  await database.close();
}
