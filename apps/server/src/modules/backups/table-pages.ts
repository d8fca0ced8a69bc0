import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { quoteIdent } from './backup-format';
import { RowsToPages } from './copy-row-text';
import type { TableShape } from './database-shape';

/** Rows per INSERT: a megabyte or so of SQL, one statement a line, few round trips. */
const PAGE_ROWS = 5_000;

/** Writes one line of the backup: text, or bytes as PostgreSQL sent them (UTF-8). */
export type LineWriter = (line: string | Uint8Array) => Promise<void>;

/**
 * A row as an element of the array literal a page travels in, already escaped for the E'' string
 * that carries it: PostgreSQL's own text of the row, quoted for the array (`\` and `"`), then for
 * the string (`\` again, `'`, line breaks as `\n` and `\r`, so no line of the file ever breaks
 * inside a value, and the two bytes the COPY below uses as its quote and delimiter, in octal).
 */
export const ELEMENT = `'"' || replace(replace(replace(replace(replace(replace(replace(r::text,
  '\\', '\\\\\\\\'), '"', '\\\\"'), '''', ''''''), chr(10), '\\n'), chr(13), '\\r'),
  chr(1), '\\001'), chr(2), '\\002') || '"'`;

/** The start and end of a page's line around its rows, which are joined by commas. */
function pageFrame(shape: TableShape) {
  const columns = shape.columns.map(quoteIdent).join(', ');
  const table = quoteIdent(shape.name);
  return {
    start:
      `INSERT INTO ${table} (${columns})` +
      (shape.alwaysIdentity ? ' OVERRIDING SYSTEM VALUE' : '') +
      ` SELECT ${columns} FROM unnest(E'{`,
    end: `}'::${table}[]);`,
  };
}

/**
 * One table as INSERT statements, a page of rows each, through a cursor of the caller's snapshot
 * (the embedded database, which has no COPY to a stream). A page travels as PostgreSQL's own text of
 * an array of the table's rows, which it reads back into rows of the same type: every value comes
 * back exactly, in half the bytes of JSON. Rows come in the table's own order: sorting by key would
 * read every index too. Returns the rows written.
 */
export async function cursorPages(db: Db, shape: TableShape, write: LineWriter): Promise<number> {
  const { start, end } = pageFrame(shape);
  await db.execute(
    sql.raw(`declare backup_rows no scroll cursor for
      select ${ELEMENT} as e from ${quoteIdent(shape.name)} r`),
  );
  const fetch = () => {
    const page = queryRows<{ e: string }>(db, sql.raw(`fetch ${PAGE_ROWS} from backup_rows`));
    page.catch(() => undefined); // awaited below; a write that fails first must not leave it unhandled
    return page;
  };
  // The next page is asked for before this one is written: the database makes it meanwhile.
  let next = fetch();
  let count = 0;
  for (;;) {
    const rows = await next;
    if (rows.length === 0) break;
    count += rows.length;
    next = fetch();
    await write(`${start}${rows.map((row) => row.e).join(',')}${end}`);
  }
  await db.execute(sql.raw('close backup_rows'));
  return count;
}

/**
 * The same pages from PostgreSQL, streamed by COPY in its text format: PostgreSQL writes each
 * column's text with nothing but COPY's escaping (one pass in C, the cheapest output it has), and
 * this process, which an owner's command runs at a lower priority (backup-command.ts), makes the
 * row's text and the array elements above from those bytes (copy-row-text.ts). Every column of the
 * row is read, generated ones too, so each element is the row's whole text.
 */
export async function copyPages(client: pg.Client, shape: TableShape, write: LineWriter) {
  const { start, end } = pageFrame(shape);
  const fields = shape.rowColumns.map(quoteIdent).join(', ');
  const stream = client.query(
    copyTo(`COPY (SELECT ${fields} FROM ${quoteIdent(shape.name)}) TO STDOUT`),
  );
  const pages = new RowsToPages(Buffer.from(start), Buffer.from(end), PAGE_ROWS);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    for (const page of pages.push(chunk)) await write(page);
  }
  const last = pages.end();
  if (last) await write(last);
  return pages.total;
}
