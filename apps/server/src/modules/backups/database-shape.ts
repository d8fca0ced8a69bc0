import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { quoteIdent } from './backup-format';

/** A table as a backup needs it, read from the database's own catalogue. */
export interface TableShape {
  name: string;
  /** Stored columns, in table order (generated columns are computed again). */
  columns: string[];
  /** Every column of the table's row type, in order: generated ones too. */
  rowColumns: string[];
  /** The primary key (a dump writes rows in the table's own order; tests compare in this one). */
  key: string[];
  /** Identity columns: their sequences are carried over, and `GENERATED ALWAYS` needs overriding. */
  identity: string[];
  alwaysIdentity: boolean;
}

/**
 * Caches the shop computes again and that triggers would clear during a load anyway: left out of a
 * backup, emptied by a restore.
 */
export const DERIVED_TABLES: ReadonlySet<string> = new Set(['revenue_history']);

interface ColumnRow {
  table_name: string;
  column_name: string;
  identity: string;
  generated: string;
}

/** Orders tables so that each comes after every table its foreign keys point to. */
function referencedFirst(names: string[], edges: Array<{ from: string; to: string }>): string[] {
  const pending = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { from, to } of edges) if (from !== to) pending.get(from)?.add(to);
  const ordered: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending].filter(([, needs]) => [...needs].every((n) => !pending.has(n)));
    if (ready.length === 0) {
      throw new Error(`foreign keys form a cycle among ${[...pending.keys()].join(', ')}`);
    }
    for (const [name] of ready.sort(([a], [b]) => a.localeCompare(b))) {
      ordered.push(name);
      pending.delete(name);
    }
  }
  return ordered;
}

/** Every table of the shop's schema (`public`), parents before children. */
export async function tableShapes(db: Db): Promise<TableShape[]> {
  const columns = await queryRows<ColumnRow>(
    db,
    sql`select c.relname::text as table_name, a.attname::text as column_name,
        a.attidentity::text as identity, a.attgenerated::text as generated
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
  );
  const keys = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select c.relname::text as table_name, a.attname::text as column_name
      from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace
      cross join lateral unnest(i.indkey) with ordinality as k(attnum, position)
      join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
      where n.nspname = 'public' and i.indisprimary
      order by c.relname, k.position`,
  );
  const references = await queryRows<{ from: string; to: string }>(
    db,
    sql`select c.relname::text as "from", f.relname::text as "to"
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class f on f.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`,
  );
  const shapes = new Map<string, TableShape>();
  for (const row of columns) {
    const shape = shapes.get(row.table_name) ?? {
      name: row.table_name,
      columns: [],
      rowColumns: [],
      key: [],
      identity: [],
      alwaysIdentity: false,
    };
    shapes.set(row.table_name, shape);
    shape.rowColumns.push(row.column_name);
    if (row.generated === 's') continue;
    shape.columns.push(row.column_name);
    if (row.identity === 'a' || row.identity === 'd') shape.identity.push(row.column_name);
    if (row.identity === 'a') shape.alwaysIdentity = true;
  }
  for (const row of keys) shapes.get(row.table_name)?.key.push(row.column_name);
  return referencedFirst([...shapes.keys()], references).map((name) => shapes.get(name)!);
}

/** Rows per table, counted in the caller's transaction. */
export async function countRows(db: Db, shapes: TableShape[]): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  for (const shape of shapes) {
    const [row] = await queryRows<{ rows: string | number }>(
      db,
      sql`select count(*) as rows from ${sql.raw(quoteIdent(shape.name))}`,
    );
    rows[shape.name] = Number(row?.rows ?? 0);
  }
  return rows;
}
