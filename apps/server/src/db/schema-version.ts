import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SERVER_ROOT } from '../paths';
import type { Db } from './client';
import { queryRows } from './execute';

/** The migrations the shop applies at start, in order (drizzle-kit writes them and their journal). */
export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'src/db/migrations');

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

function readJournal(folder: string): { entries: JournalEntry[] } & Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
}

/**
 * The schema version this code creates: the number of its last migration (13 for 0013_…). A
 * backup carries the version of the database it came from, and a restore needs the same one.
 */
export function latestSchemaVersion(): number {
  return readJournal(MIGRATIONS_FOLDER).entries.at(-1)?.idx ?? -1;
}

/**
 * The schema version of a database: its last applied migration's number, or null when the shop's
 * migrations never ran there. Drizzle keeps one row per applied migration.
 */
export async function schemaVersionOf(db: Db): Promise<number | null> {
  const [table] = await queryRows<{ name: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!table?.name) return null;
  const [row] = await queryRows<{ applied: string | number }>(
    db,
    sql`select count(*) as applied from drizzle.__drizzle_migrations`,
  );
  const applied = Number(row?.applied ?? 0);
  return applied === 0 ? null : applied - 1;
}

/**
 * A copy of the migrations folder that stops at `version`: a restore builds the schema its backup
 * was taken with, loads the data, and only then lets the later migrations carry both forward.
 */
export function migrationsUpTo(version: number): string {
  const journal = readJournal(MIGRATIONS_FOLDER);
  const kept = journal.entries.filter((entry) => entry.idx <= version);
  if (kept.length !== version + 1) throw new RangeError(`no migration ${version} to stop at`);
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-migrations-'));
  for (const entry of kept) {
    cpSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  cpSync(path.join(MIGRATIONS_FOLDER, 'meta'), path.join(folder, 'meta'), { recursive: true });
  writeFileSync(
    path.join(folder, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: kept }, null, 2),
  );
  return folder;
}

/** The names of the migrations after `before` up to `after` (those a start just applied). */
export function migrationTags(before: number | null, after: number | null): string[] {
  if (after === null) return [];
  const from = before ?? -1;
  return readJournal(MIGRATIONS_FOLDER)
    .entries.filter((entry) => entry.idx > from && entry.idx <= after)
    .map((entry) => entry.tag);
}
