import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every backup the shop took or was asked for (scheduled, or `npm run backup`): where the file went
 * and what it holds. The admin overview reads the newest to show its age.
 */
export const backups = pgTable(
  'backups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    /** The machine the file is on: with several processes, the leader's. */
    host: text('host').notNull(),
    file: text('file').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    schemaVersion: integer('schema_version').notNull(),
    /** Rows per table in the backup. */
    rows: jsonb('rows').$type<Record<string, number>>().notNull(),
    /** 'schedule' (the leader) or 'command' (`npm run backup`). */
    trigger: text('trigger').$type<'schedule' | 'command'>().notNull(),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [
    index('backups_taken_idx').on(table.takenAt),
    check('backups_trigger', sql`${table.trigger} in ('schedule', 'command')`),
  ],
);

/**
 * Rows of balance files brought from another shop, keyed by their content (`row_key`: Steam ID,
 * amount and note, balance-file.ts): the same balance credits once, whatever file, line, order,
 * separator or header brings it again. `file_hash` is the key of the file's rows in any order
 * (imports before 0040 keep their file's text hash), `line` the row's line in it: what the row
 * is decides, never where it stands.
 */
export const balanceImports = pgTable(
  'balance_imports',
  {
    fileHash: text('file_hash').notNull(),
    line: integer('line').notNull(),
    rowKey: text('row_key').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('balance_imports_amount_positive', sql`${table.amountKopecks} > 0`)],
);

/**
 * A balance import as it runs, by its file's key: rows done of rows in all, what was credited.
 * The admin panel reads it while the import streams in batches; `finished_at` is set at the end.
 */
export const balanceImportRuns = pgTable('balance_import_runs', {
  fileKey: text('file_key').primaryKey(),
  rows: integer('rows').notNull(),
  done: integer('done').notNull().default(0),
  credited: integer('credited').notNull().default(0),
  creditedKopecks: bigint('credited_kopecks', { mode: 'number' }).notNull().default(0),
  actorId: integer('actor_id'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * Which shop this database is (one row): its id goes into every backup, and a database restored
 * from one is marked as a copy until the owner makes it live (`npm run db:go-live`, SHOP_LIVE=1).
 * A copy is never the leader, delivers nothing and keeps no link to a game server.
 */
export const shopIdentity = pgTable(
  'shop_identity',
  {
    id: smallint('id').primaryKey().default(1),
    shopId: uuid('shop_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When `npm run restore` loaded this database; null once live. */
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    /** When the backup it was restored from was taken. */
    restoredFromTakenAt: timestamp('restored_from_taken_at', { withTimezone: true }),
  },
  (table) => [check('shop_identity_one_row', sql`${table.id} = 1`)],
);
