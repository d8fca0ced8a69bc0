import { createWriteStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config';
import { openDatabase, type Db } from '../../db/client';
import { askRunningShop } from '../../plugins/control-socket';
import { recordAudit } from '../audit/audit-log';
import { DataCommandError } from '../backups/target-database';
import { exportZip } from './export-zip';

/** The export written to `file` (the owner's alone to read), journaled as done by «npm run export». */
export async function exportToFile(db: Db, file: string): Promise<void> {
  await db.transaction((tx) =>
    recordAudit(
      tx,
      { id: null, name: 'npm run export', ip: null },
      { action: 'data.export', targetType: 'shop', after: { file: path.basename(file) } },
    ),
  );
  await pipeline(Readable.from(exportZip(db)), createWriteStream(file, { mode: 0o600 }));
}

/**
 * `npm run export -- FILE.zip`: the same zip as the admin API's. A running embedded shop writes it
 * itself (only it may read its database); otherwise the command reads the database on its own.
 */
export async function exportCommand(
  config: Config,
  target: string,
): Promise<{ file: string; bytes: number; throughRunningShop: boolean }> {
  const file = path.resolve(target);
  if (!existsSync(path.dirname(file)))
    throw new DataCommandError(`No such folder: ${path.dirname(file)}`);
  if (!config.databaseUrl) {
    const reply = await askRunningShop(config.dataDir, { command: 'export', file });
    if (reply && !reply.ok)
      throw new DataCommandError(`The running shop could not export: ${reply.error}`);
    if (reply) return { file, bytes: (await stat(file)).size, throughRunningShop: true };
    if (!existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
      throw new DataCommandError(`There is no embedded database in ${config.dataDir} (DATA_DIR).`);
    }
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    migrations: 'none',
  });
  try {
    await exportToFile(database.db, file);
  } finally {
    await database.close();
  }
  return { file, bytes: (await stat(file)).size, throughRunningShop: false };
}
