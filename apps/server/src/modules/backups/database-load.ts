import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  BackupFileError,
  isBackupStatement,
  parseEndLine,
  parseStartLine,
  quoteIdent,
  type BackupHeader,
  type BackupStart,
} from './backup-format';
import type { LineWriter } from './table-pages';
import { tableShapes } from './database-shape';

/** Sends a backup's lines, in order, to `feed` (from a file, or straight from another database). */
export type LineSource = (feed: LineWriter) => Promise<unknown>;

const messageOf = (error: unknown) =>
  error instanceof Error ? (error.cause instanceof Error ? error.cause : error).message : '';

/**
 * Replaces the rows of every table with a backup's, in one transaction: unless all of it loads,
 * nothing changes. The database must already have the backup's schema (the restore builds it with
 * the migrations). `onHeader` sees the header before any row goes in, and may refuse it.
 */
export async function loadDatabase(
  db: Db,
  source: LineSource,
  checks: {
    onHeader?: (start: BackupStart) => void;
    /** Runs on the loaded rows before they commit; throwing rolls everything back. */
    verify?: (tx: Db, header: BackupHeader) => Promise<void>;
  } = {},
): Promise<BackupHeader> {
  return db.transaction(async (tx) => {
    const tables = (await tableShapes(tx)).map((shape) => quoteIdent(shape.name));
    // User triggers stay off while the rows go in: the journal's refuses the TRUNCATE (the backup
    // brings its own journal, whose chain still verifies), and the revenue cache's would clear a
    // table that is being emptied anyway.
    for (const table of tables)
      await tx.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER USER`));
    await tx.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY`));
    let start: BackupStart | undefined;
    let rows: Record<string, number> | undefined;
    let lineNumber = 0;
    await source(async (bytes) => {
      const line = typeof bytes === 'string' ? bytes : Buffer.from(bytes).toString('utf8');
      lineNumber += 1;
      if (lineNumber === 1) {
        start = parseStartLine(line);
        checks.onHeader?.(start);
        return;
      }
      if (rows) throw new BackupFileError(`Line ${lineNumber} follows the backup's end.`);
      rows = parseEndLine(line);
      if (rows) return;
      if (line === '' || line.startsWith('--')) return;
      if (!isBackupStatement(line)) {
        throw new BackupFileError(`Line ${lineNumber} is not a statement a backup holds.`);
      }
      try {
        await tx.execute(sql.raw(line));
      } catch (error) {
        throw new BackupFileError(`Line ${lineNumber} did not load: ${messageOf(error)}`, {
          cause: error,
        });
      }
    });
    if (!start) throw new BackupFileError('The backup is empty.');
    if (!rows) {
      throw new BackupFileError('The backup is incomplete: it ends before its last line.');
    }
    const header: BackupHeader = { ...start, rows };
    for (const table of tables)
      await tx.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER USER`));
    await checks.verify?.(tx, header);
    return header;
  });
}
