import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
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
 * Rows of balance files brought from another shop, by the file's hash and line: the same file
 * imported again finds its rows here and credits nothing twice.
 */
export const balanceImports = pgTable(
  'balance_imports',
  {
    fileHash: text('file_hash').notNull(),
    line: integer('line').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.fileHash, table.line] }),
    check('balance_imports_amount_positive', sql`${table.amountKopecks} > 0`),
  ],
);
