import { openDatabase, type DatabaseOptions } from '../../db/client';
import { schemaVersionOf } from '../../db/schema-version';
import { countRows, tableShapes } from './database-shape';

/** A refusal of a data command (restore, move): said plainly, and nothing was changed. */
export class DataCommandError extends Error {
  override name = 'DataCommandError';
}

/** Tables the shop fills by itself on its first start: a freshly started shop is still empty. */
const FILLED_BY_THE_SHOP = new Set(['game_items', 'backups', 'revenue_history']);

export interface TargetState {
  /** The schema version of its migrations; null when the shop never ran there. */
  schemaVersion: number | null;
  /** Tables that hold rows, apart from those the shop fills by itself, with their counts. */
  filled: Record<string, number>;
  /** Tables in `public` that the shop's migrations did not make (a database used for else). */
  foreign: number;
}

/** Looks at a database without changing it (no migrations run). */
export async function inspectTarget(options: DatabaseOptions): Promise<TargetState> {
  const database = await openDatabase({ ...options, migrations: 'none' });
  try {
    const schemaVersion = await schemaVersionOf(database.db);
    const shapes = await tableShapes(database.db);
    if (schemaVersion === null) return { schemaVersion, filled: {}, foreign: shapes.length };
    const counts = await countRows(
      database.db,
      shapes.filter((shape) => !FILLED_BY_THE_SHOP.has(shape.name)),
    );
    const filled = Object.fromEntries(Object.entries(counts).filter(([, count]) => count > 0));
    return { schemaVersion, filled, foreign: 0 };
  } finally {
    await database.close();
  }
}

export const describeRows = (rows: Record<string, number>) =>
  Object.entries(rows)
    .map(([table, count]) => `${table}: ${count}`)
    .join(', ');

/** `postgres://shop:secret@db/shop` → `postgres://shop:***@db/shop`: printed, never its password. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}
