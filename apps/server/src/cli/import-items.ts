import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { useAuditKeyInCommand } from '../modules/audit/audit-log';
import { importItemTable, parseItemFile } from '../modules/catalog/item-import';
import { createItemsRepository } from '../modules/catalog/items-repository';
import { HttpError } from '../plugins/errors';

/** `npm run items:import -- FILE.json|FILE.csv`: fills the game item table from a file, all or nothing. */
async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run items:import -- <items.json | items.csv>');
    process.exit(2);
  }
  const format = file.toLowerCase().endsWith('.csv') ? 'csv' : 'json';
  const config = loadConfig();
  useAuditKeyInCommand(config);
  const content = readFileSync(path.resolve(file), 'utf8');
  const items = parseItemFile(format, content);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const repo = createItemsRepository(database.db);
    // No request and no signed-in admin: the journal names the command that did it.
    const actor = { id: null, name: 'npm run items:import', ip: null };
    await importItemTable(database.db, items, actor, { format, file: path.basename(file) });
    console.log(`Imported ${items.length} items; the table now holds ${await repo.count()}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof HttpError || error instanceof ConfigError) console.error(error.message);
  else if ((error as NodeJS.ErrnoException).code === 'ENOENT')
    console.error(`No such file: ${process.argv[2]}`);
  else console.error(error);
  process.exit(1);
});
