/** `npm run backup [-- --out DIR]`: a backup of the shop's database (README, «Backups»). */
import { parseArgs } from 'node:util';
import { backupCommand } from '../modules/backups/backup-command';
import { printRows, runDataCommand } from './data-command';

runDataCommand(async (config) => {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const written = await backupCommand(config, values.out);
  const via = written.throughRunningShop ? ' (taken by the running shop)' : '';
  console.log(`Backup written${via}: ${written.file}`);
  console.log(
    `${(written.bytes / 1024).toFixed(0)} KB, schema ${written.header.schemaVersion}, taken ${written.header.takenAt}; rows:`,
  );
  printRows(written.header.rows);
});
