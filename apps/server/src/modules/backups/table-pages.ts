import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { quoteIdent } from './backup-format';
import type { TableShape } from './database-shape';

/** Rows per INSERT: a megabyte or so of SQL, one statement a line, few round trips. */
export const PAGE_ROWS = 5_000;

/** Writes one line of the backup: text, or bytes as PostgreSQL sent them (UTF-8). */
export type LineWriter = (line: string | Uint8Array) => Promise<void>;

/**
 * A row as an element of the array literal a page travels in, already escaped for the E'' string
 * that carries it: PostgreSQL's own text of the row, quoted for the array (`\` and `"`), then for
 * the string (`\` again, `'`, line breaks as `\n` and `\r`, so no line of the file ever breaks
 * inside a value). A backup from PostgreSQL writes the same bytes (copy-row-text.ts).
 */
export const ELEMENT = `'"' || replace(replace(replace(replace(replace(r::text,
  '\\', '\\\\\\\\'), '"', '\\\\"'), '''', ''''''), chr(10), '\\n'), chr(13), '\\r')
  || '"'`;

/** The start and end of a page's line around its rows, which are joined by commas. */
export function pageFrame(shape: TableShape) {
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
 * (the embedded database, which has no COPY to a stream; PostgreSQL's tables go by COPY,
 * copy-spill.ts). A page travels as PostgreSQL's own text of
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
