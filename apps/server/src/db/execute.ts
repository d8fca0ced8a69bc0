import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

function hasRows(result: unknown): result is { rows: unknown[] } {
  return (
    typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)
  );
}

/**
 * The rows of a raw SQL statement. Drizzle types `execute` per driver, and the shop's handle is
 * driver-neutral, so the answer is typed here once: node-postgres and PGlite both answer `{ rows }`.
 * The caller names the row shape its SQL selects or returns.
 */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  if (!hasRows(result)) throw new TypeError('The database answered a statement without rows');
  return result.rows as Row[];
}

/** PostgreSQL's SQLSTATE of a failed statement, however the driver and Drizzle wrapped it. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** SQLSTATE of a transaction PostgreSQL rolled back to break a deadlock: it can simply run again. */
export const DEADLOCK_DETECTED = '40P01';
