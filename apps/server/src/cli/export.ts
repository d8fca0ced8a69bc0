/** `npm run export -- FILE.zip`: everything the shop holds as CSV files (README, «Export»). */
import { parseArgs } from 'node:util';
import { exportCommand } from '../modules/data-export/export-command';
import { exportFileNames } from '../modules/data-export/export-zip';
import { lowerPriority } from '../lib/low-priority';
import { runDataCommand } from './data-command';

runDataCommand(async (config) => {
  const { positionals } = parseArgs({ allowPositionals: true });
  const file = positionals[0];
  if (!file) {
    console.error('Usage: npm run export -- <shop-export.zip>');
    process.exit(2);
  }
  // The export reads beside a running shop: when the machine is busy, purchases come first.
  lowerPriority();
  const written = await exportCommand(config, file);
  const via = written.throughRunningShop ? ' (by the running shop)' : '';
  console.log(`Export written${via}: ${written.file}, ${(written.bytes / 1024).toFixed(0)} KB`);
  console.log(`Files: ${exportFileNames.join(', ')}`);
});
