import { z } from 'zod';

/**
 * The backup file: gzip'd plain SQL, one statement per line, so it streams in both directions and
 * also loads with `psql` into a database the shop has migrated. Its first line names the schema
 * version; its last line says it is complete and how many rows of each table it holds (counted as
 * they are written: a count before would read every table once more).
 */
const HEADER_PREFIX = '-- rust-shop backup ';
const END_LINE = '-- end of backup';

const backupStartSchema = z.object({
  format: z.literal(1),
  /** The number of the database's last migration (13 for 0013_…). */
  schemaVersion: z.number().int().min(0),
  takenAt: z.iso.datetime(),
  source: z.enum(['pglite', 'postgres']),
  /** Which shop it came from (shop_identity); absent in backups of releases before 1.1. */
  shopId: z.uuid().optional(),
});
export type BackupStart = z.infer<typeof backupStartSchema>;

const rowsSchema = z.record(z.string(), z.number().int().min(0));

/** What a backup is: its first line's facts and the rows of every table (the sidecar's content). */
export type BackupHeader = BackupStart & { rows: Record<string, number> };

/** A file that is not a backup, or a backup cut short: said plainly, before anything changes. */
export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

export function startLine(start: BackupStart): string {
  return HEADER_PREFIX + JSON.stringify(start);
}

export function parseStartLine(line: string): BackupStart {
  if (!line.startsWith(HEADER_PREFIX)) {
    throw new BackupFileError('This file is not a backup of the shop (no backup header).');
  }
  let data: unknown;
  try {
    data = JSON.parse(line.slice(HEADER_PREFIX.length));
  } catch {
    throw new BackupFileError('The backup header is damaged.');
  }
  const parsed = backupStartSchema.safeParse(data);
  if (!parsed.success) throw new BackupFileError('The backup header is damaged.');
  return parsed.data;
}

export const endLine = (rows: Record<string, number>) => `${END_LINE} ${JSON.stringify({ rows })}`;

/** The rows an end line counts; undefined for any other line. */
export function parseEndLine(line: string): Record<string, number> | undefined {
  if (!line.startsWith(`${END_LINE} `)) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(line.slice(END_LINE.length + 1));
  } catch {
    throw new BackupFileError("The backup's last line is damaged.");
  }
  const parsed = z.object({ rows: rowsSchema }).safeParse(data);
  if (!parsed.success) throw new BackupFileError("The backup's last line is damaged.");
  return parsed.data.rows;
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The statements a backup may hold, exactly as the dump writes them: a restore runs nothing else,
 * whatever the file says.
 */
const STATEMENTS = [
  /^SET (standard_conforming_strings|client_encoding) = '?[A-Za-z0-9]+'?;$/,
  /^INSERT INTO "[a-z_]+" \("[a-z_]+"(, "[a-z_]+")*\)( OVERRIDING SYSTEM VALUE)? SELECT "[a-z_]+"(, "[a-z_]+")* FROM unnest\(E'(?:[^'\\]|''|\\(?:[\\nr]|00[12]))*'::"[a-z_]+"\[\]\);$/,
  /^SELECT setval\(pg_get_serial_sequence\('"[a-z_]+"', '[a-z_]+'\), GREATEST\(\d+, \(SELECT coalesce\(max\("[a-z_]+"\), 0\) FROM "[a-z_]+"\), 1\), GREATEST\(\d+, \(SELECT coalesce\(max\("[a-z_]+"\), 0\) FROM "[a-z_]+"\)\) > 0\);$/,
];

export function isBackupStatement(line: string): boolean {
  return STATEMENTS.some((pattern) => pattern.test(line));
}
