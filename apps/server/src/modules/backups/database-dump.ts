import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Db } from '../../db/client';
import * as schema from '../../db/schema/index';
import { queryRows } from '../../db/execute';
import { schemaVersionOf } from '../../db/schema-version';
import { endLine, quoteIdent, startLine, type BackupHeader } from './backup-format';
import { DERIVED_TABLES, tableShapes, type TableShape } from './database-shape';
import { copyPages, cursorPages, type LineWriter } from './table-pages';

/**
 * Identity sequences carried over: each is set past both the source's last value and the
 * largest id loaded, so a new row never takes an id a deleted one had.
 */
async function dumpSequences(db: Db, shapes: TableShape[], write: LineWriter) {
  for (const shape of shapes) {
    for (const column of shape.identity) {
      const [row] = await queryRows<{ used: string | number | null }>(
        db,
        sql`select pg_sequence_last_value(
          pg_get_serial_sequence(${quoteIdent(shape.name)}, ${column})::regclass) as used`,
      );
      const used = Number(row?.used ?? 0);
      const max = `(SELECT coalesce(max(${quoteIdent(column)}), 0) FROM ${quoteIdent(shape.name)})`;
      await write(
        `SELECT setval(pg_get_serial_sequence('${quoteIdent(shape.name)}', '${column}'), ` +
          `GREATEST(${used}, ${max}, 1), GREATEST(${used}, ${max}) > 0);`,
      );
    }
  }
}

/**
 * The whole database as backup lines, inside the caller's repeatable-read snapshot: the start line,
 * every table's pages (written by `pages`), the sequences and the end line with the rows counted.
 */
async function dumpInSnapshot(
  tx: Db,
  source: Database['kind'],
  write: LineWriter,
  pages: (shape: TableShape) => Promise<number>,
): Promise<BackupHeader> {
  // Values are written as text in this session's styles: the unambiguous ones.
  for (const setting of [
    'standard_conforming_strings = on',
    "DateStyle = 'ISO, YMD'",
    "IntervalStyle = 'postgres'",
    'extra_float_digits = 3',
  ]) {
    await tx.execute(sql.raw(`set local ${setting}`));
  }
  const version = await schemaVersionOf(tx);
  if (version === null) throw new Error('This database has no shop schema to back up.');
  const shapes = (await tableShapes(tx)).filter((shape) => !DERIVED_TABLES.has(shape.name));
  const start = {
    format: 1 as const,
    schemaVersion: version,
    takenAt: new Date().toISOString(),
    source,
  };
  await write(startLine(start));
  await write('-- Restore: npm run restore -- FILE (the shop builds the schema, then loads this).');
  await write("SET client_encoding = 'UTF8';");
  await write('SET standard_conforming_strings = on;');
  const rows: Record<string, number> = {};
  for (const shape of shapes) rows[shape.name] = await pages(shape);
  await dumpSequences(tx, shapes, write);
  await write(endLine(rows));
  return { ...start, rows };
}

/**
 * PostgreSQL over a connection of the backup's own: one repeatable-read, read-only transaction, so
 * purchases go on meanwhile and none of them is half in the backup; its tables stream by COPY.
 */
async function dumpPostgres(url: string, write: LineWriter): Promise<BackupHeader> {
  const client = new pg.Client({ connectionString: url, application_name: 'shop-backup' });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read, read only');
    const tx = drizzle(client, { schema });
    const header = await dumpInSnapshot(tx, 'postgres', write, (shape) =>
      copyPages(client, shape, write),
    );
    await client.query('commit');
    return header;
  } finally {
    await client.end();
  }
}

/**
 * Writes the whole database as backup lines, from one snapshot. (On the embedded database that
 * snapshot holds the only connection: a running shop dumps a copy of itself in another process
 * instead, see snapshot-backup.ts.)
 */
export async function dumpDatabase(
  database: Pick<Database, 'db' | 'url'>,
  write: LineWriter,
): Promise<BackupHeader> {
  // Only PostgreSQL has an address.
  if (database.url) return dumpPostgres(database.url, write);
  return database.db.transaction(
    (tx) => dumpInSnapshot(tx, 'pglite', write, (shape) => cursorPages(tx, shape, write)),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
