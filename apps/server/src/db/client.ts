import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { openEmbedded } from './embedded-database';
import {
  MIGRATIONS_FOLDER,
  migrationsUpTo,
  migrationTags,
  schemaVersionOf,
} from './schema-version';
import * as schema from './schema/index';

/** The database API every repository uses; the same over PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * A hand-written statement for a hot path: on PostgreSQL sent as a named prepared statement (parsed
 * and planned once per connection), on PGlite as its parameterised query.
 */
export interface PreparedStatement {
  name: string;
  text: string;
  values: unknown[];
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's address, for the few connections that must not come from the pool. */
  url?: string;
  /** Runs a prepared statement in one round trip, outside any transaction; returns its rows. */
  run: <T>(statement: PreparedStatement) => Promise<T[]>;
  /** Calls `listener` with every statement the shop sends from now on; returns the way to stop. */
  observe: (listener: (text: string) => void) => () => void;
  /**
   * The embedded database only: a tar of its data folder as it is this moment, taken between two
   * statements (queries wait meanwhile, a fraction of a second). Opened elsewhere it is the state
   * of a crash at that moment: every committed transaction, none of the rest.
   */
  snapshot?: () => Promise<Blob>;
  /** The schema version before and after this open, and the migrations it applied (the start logs them). */
  schema: MigrationReport;
  close(): Promise<void>;
}

export interface MigrationReport {
  before: number | null;
  after: number | null;
  applied: string[];
}

/** What the migrations did: the versions on either side and the names of those that ran. */
async function reportMigrations(db: Db, run: () => Promise<void>): Promise<MigrationReport> {
  const before = await schemaVersionOf(db);
  await run();
  const after = await schemaVersionOf(db);
  return { before, after, applied: migrationTags(before, after) };
}

/** The statement listeners of one database, told by Drizzle's logger and by `run`. */
function createStatementObservers() {
  const listeners = new Set<(text: string) => void>();
  return {
    logger: {
      logQuery: (text: string) => {
        for (const listener of listeners) listener(text);
      },
    },
    observe: (listener: (text: string) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** An arbitrary, fixed key of PostgreSQL's advisory locks: "one migrating process at a time". */
const MIGRATION_LOCK_KEY = 724_300_001;

/**
 * Migrations under a session-level advisory lock, on one connection: processes that start together
 * on an empty database take turns, and the later ones find nothing left to apply. Without it two
 * instances race to create the same tables and one of them dies on a unique violation.
 */
async function migrateUnderLock(pool: pg.Pool, migrationsFolder: string) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

export interface DatabaseOptions {
  /** postgres:// URL; without it an embedded PGlite is used. */
  url?: string | undefined;
  /** Folder for PGlite's files; undefined keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** Told when an idle PostgreSQL connection fails. */
  onIdleError?: (error: Error) => void;
  /**
   * Which migrations to apply: all (the default), none (a tool that must not change the schema
   * under a running shop), or those up to a version (a restore builds its backup's schema).
   */
  migrations?: 'all' | 'none' | number;
}

/** Runs `migrate` over the chosen migrations folder; a folder cut short is removed afterwards. */
async function applyMigrations(
  choice: DatabaseOptions['migrations'],
  migrate: (folder: string) => Promise<void>,
) {
  if (choice === 'none') return;
  if (choice === undefined || choice === 'all') return migrate(MIGRATIONS_FOLDER);
  const folder = migrationsUpTo(choice);
  try {
    await migrate(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Opens the database and applies every pending migration before anything else touches it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    // A PostgreSQL that does not answer fails a request in seconds (503) instead of holding it.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 20,
      connectionTimeoutMillis: 5_000,
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => options.onIdleError?.(error));
    const observers = createStatementObservers();
    const db = drizzlePg(pool, { schema, logger: observers.logger });
    const report = await reportMigrations(db, () =>
      applyMigrations(options.migrations, (folder) => migrateUnderLock(pool, folder)),
    );
    return {
      db,
      kind: 'postgres',
      schema: report,
      url: options.url,
      async run<T>(statement: PreparedStatement) {
        observers.logger.logQuery(statement.text);
        return (await pool.query<T & pg.QueryResultRow>(statement)).rows;
      },
      observe: observers.observe,
      close: () => pool.end(),
    };
  }
  let dataPath: string | undefined;
  if (options.dataDir) {
    dataPath = path.join(options.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
  }
  const client = await openEmbedded(dataPath);
  // Loaded here, not at the top: a shop on PostgreSQL never needs them.
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const observers = createStatementObservers();
  const db = drizzlePglite(client, { schema, logger: observers.logger });
  const report = await reportMigrations(db, () =>
    applyMigrations(options.migrations, (migrationsFolder) =>
      migratePglite(db, { migrationsFolder }),
    ),
  );
  return {
    db,
    kind: 'pglite',
    schema: report,
    async run<T>(statement: PreparedStatement) {
      observers.logger.logQuery(statement.text);
      return (await client.query<T>(statement.text, statement.values)).rows;
    },
    observe: observers.observe,
    // A checkpoint first (a moment: at most 16 MB of buffers to write), so the copy is mostly the
    // tables themselves and opening it replays next to no WAL.
    snapshot: async () => {
      await client.exec('checkpoint');
      return client.dumpDataDir('none');
    },
    close: () => client.close(),
  };
}
