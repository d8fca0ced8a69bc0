import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseOptions } from '../db/client';
import { queryRows } from '../db/execute';
import { tableShapes } from '../modules/backups/database-shape';
import { createPostgresTestDatabase } from './test-database';

export interface DataTarget {
  kind: 'pglite' | 'postgres';
  options: Pick<DatabaseOptions, 'url' | 'dataDir'>;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/** An empty embedded data folder. */
export function freshDataDir(): DataTarget {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-data-'));
  return {
    kind: 'pglite',
    options: { dataDir },
    open: () => openDatabase({ dataDir, migrations: 'none' }),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** An empty PostgreSQL database (TEST_DATABASE_URL is the server's admin address). */
export async function freshPostgres(adminUrl: string): Promise<DataTarget> {
  const created = await createPostgresTestDatabase(adminUrl);
  return {
    kind: 'postgres',
    options: { url: created.url },
    open: () =>
      openDatabase({ url: created.url, migrations: 'none', onIdleError: () => undefined }),
    drop: created.drop,
  };
}

/** An empty database of the kind the tests run on: PostgreSQL with TEST_DATABASE_URL, else embedded. */
export async function freshTarget(): Promise<DataTarget> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? freshPostgres(adminUrl) : freshDataDir();
}

/**
 * Every row of every table as JSON text, by primary key, timestamps in UTC: two databases with
 * equal contents give equal maps, whichever kind each is.
 */
export async function contents(database: Database): Promise<Record<string, string>> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const result: Record<string, string> = {};
    for (const shape of await tableShapes(tx)) {
      const order = shape.key.map((column) => `"${column}"`).join(', ');
      const [row] = await queryRows<{ rows: string | null }>(
        tx,
        sql.raw(`select json_agg(t order by ${order})::text as rows from "${shape.name}" t`),
      );
      result[shape.name] = row?.rows ?? '[]';
    }
    return result;
  });
}
