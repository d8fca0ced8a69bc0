/** `npm run restore -- FILE [--force]`: a backup into this shop's database (README, «Backups»). */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatRoubles, kopecksToRoubles } from '@shop/shared';
import { restoreBackup } from '../modules/backups/restore-backup';
import { printRows, runDataCommand } from './data-command';

runDataCommand(async (config) => {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const file = positionals[0];
  if (!file) {
    console.error('Usage: npm run restore -- <backup.sql.gz> [--force]');
    process.exit(2);
  }
  const target = config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir };
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `the embedded database in ${config.dataDir}`;
  const result = await restoreBackup(path.resolve(file), target, { force: values.force });
  console.log(`Restored the backup of ${result.header.takenAt} into ${where}; rows:`);
  printRows(result.rows);
  console.log(
    `Every balance equals its ledger (${result.ledger.users} players, ${formatRoubles(kopecksToRoubles(result.ledger.balancesKopecks))} in all). Schema now ${result.schemaVersion}.`,
  );
  // What the restore ended and marked (restore-aftermath.ts), for the owner to act on.
  console.log(
    'Every session of the backup has ended: everyone signs in again. Issue each game server a new plugin key (Серверы → Новый ключ) and put it in the plugin; the admin panel names the servers still waiting.',
  );
});
