import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Db } from '../../db/client';
import * as schema from '../../db/schema/index';
import { queryRows } from '../../db/execute';
import { schemaVersionOf } from '../../db/schema-version';
import {
  endLine,
  quoteIdent,
  startLine,
  type BackupHeader,
  type BackupStart,
} from './backup-format';
import { CopySpill } from './copy-spill';
import { DERIVED_TABLES, tableShapes, type TableShape } from './database-shape';
import { cursorPages, type LineWriter } from './table-pages';

/**
 * Identity sequences carried over: each is set past both the source's last value and the
 * largest id loaded, so a new row never takes an id a deleted one had.
 */
async function sequenceLines(db: Db, shapes: TableShape[]): Promise<string[]> {
  const lines: string[] = [];
  for (const shape of shapes) {
    for (const column of shape.identity) {
      const [row] = await queryRows<{ used: string | number | null }>(
        db,
        sql`select pg_sequence_last_value(
          pg_get_serial_sequence(${quoteIdent(shape.name)}, ${column})::regclass) as used`,
      );
      const used = Number(row?.used ?? 0);
      const max = `(SELECT coalesce(max(${quoteIdent(column)}), 0) FROM ${quoteIdent(shape.name)})`;
      lines.push(
        `SELECT setval(pg_get_serial_sequence('${quoteIdent(shape.name)}', '${column}'), ` +
          `GREATEST(${used}, ${max}, 1), GREATEST(${used}, ${max}) > 0);`,
      );
    }
  }
  return lines;
}

/** What a backup reads of a snapshot besides the rows: the schema's version, tables, sequences. */
interface SnapshotPlan {
  start: BackupStart;
  shapes: TableShape[];
  sequences: string[];
}

/** Reads the plan inside the caller's repeatable-read snapshot, with its values' text fixed. */
async function planInSnapshot(tx: Db, source: Database['kind']): Promise<SnapshotPlan> {
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
  const [identity] = await tx
    .select({ shopId: schema.shopIdentity.shopId })
    .from(schema.shopIdentity);
  const start = {
    format: 1 as const,
    schemaVersion: version,
    takenAt: new Date().toISOString(),
    source,
    ...(identity ? { shopId: identity.shopId } : {}),
  };
  return { start, shapes, sequences: await sequenceLines(tx, shapes) };
}

/**
 * The backup's lines: the start line, every table's pages (written by `pages`), the sequences and
 * the end line with the rows counted.
 */
async function writeLines(
  plan: SnapshotPlan,
  write: LineWriter,
  pages: (shape: TableShape) => Promise<number>,
): Promise<BackupHeader> {
  await write(startLine(plan.start));
  await write('-- Restore: npm run restore -- FILE (the shop builds the schema, then loads this).');
  await write("SET client_encoding = 'UTF8';");
  await write('SET standard_conforming_strings = on;');
  const rows: Record<string, number> = {};
  for (const shape of plan.shapes) rows[shape.name] = await pages(shape);
  for (const line of plan.sequences) await write(line);
  await write(endLine(rows));
  return { ...plan.start, rows };
}

/**
 * PostgreSQL over a connection of the backup's own: one repeatable-read, read-only transaction, so
 * purchases go on meanwhile and none of them is half in the backup. Its tables stream by COPY into
 * a file in `spillDir`; the snapshot ends before they become backup lines (copy-spill.ts).
 */
async function dumpPostgres(url: string, write: LineWriter, options: DumpOptions) {
  const client = new pg.Client({ connectionString: url, application_name: 'shop-backup' });
  await client.connect();
  const spill = new CopySpill(options.spillDir ?? tmpdir());
  try {
    let plan: SnapshotPlan;
    try {
      await client.query('begin isolation level repeatable read, read only');
      plan = await planInSnapshot(drizzle(client, { schema }), 'postgres');
      for (const shape of plan.shapes) await spill.copyIn(client, shape);
      await client.query('commit');
    } finally {
      await client.end();
    }
    options.onSnapshotEnd?.();
    await spill.finish();
    return await writeLines(plan, write, (shape) => spill.pages(shape, write));
  } finally {
    await spill.remove();
  }
}

export interface DumpOptions {
  /** Where PostgreSQL's tables wait as COPY text (the backup's own folder; else the system's). */
  spillDir?: string;
  /** Called once PostgreSQL's snapshot is released, before the backup lines are made. */
  onSnapshotEnd?: () => void;
}

/**
 * Writes the whole database as backup lines, from one snapshot. (On the embedded database that
 * snapshot holds the only connection: a running shop dumps a copy of itself in another process
 * instead, see snapshot-backup.ts.) PostgreSQL's tables wait in a file meanwhile (copy-spill.ts).
 */
export async function dumpDatabase(
  database: Pick<Database, 'db' | 'url'>,
  write: LineWriter,
  options: DumpOptions = {},
): Promise<BackupHeader> {
  // Only PostgreSQL has an address.
  if (database.url) return dumpPostgres(database.url, write, options);
  return database.db.transaction(
    async (tx) => {
      const plan = await planInSnapshot(tx, 'pglite');
      return writeLines(plan, write, (shape) => cursorPages(tx, shape, write));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
