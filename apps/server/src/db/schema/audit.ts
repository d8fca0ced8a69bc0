import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What admins changed, append-only: each row stores the hash of the row before it and its own hash
 * over that and its content, so an edited or deleted row breaks the chain. A trigger refuses updates
 * and deletes; the chain catches whoever gets around it. Since scheme 2 the hash is an HMAC under
 * AUDIT_KEY, so whoever can write the database but lacks the key cannot forge or re-chain rows
 * (docs/decisions/0029-keyed-journal.md).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** No foreign key: the record outlives the accounts it names. */
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetName: text('target_name'),
    /** JSON texts, hashed exactly as stored. */
    before: text('before'),
    after: text('after'),
    reason: text('reason'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    /**
     * How `hash` was made: 1, a plain sha256 (the rows written before the keyed chain, which the
     * default gives them); 2, an HMAC-sha256 under AUDIT_KEY (every row written since). A 1 after a
     * 2 is refused by the verification, so the column cannot downgrade a row.
     */
    scheme: smallint('scheme').notNull().default(1),
  },
  (table) => [
    index('audit_log_actor_idx').on(table.actorId, table.id),
    index('audit_log_target_idx').on(table.targetType, table.targetId, table.id),
  ],
);

/**
 * The last entry a verification found whole (one row): the next one starts after it instead of at
 * the first entry. `mac` is an HMAC under AUDIT_KEY over the entry's id, hash and the count, so a
 * checkpoint moved past a forged row is itself refused (and the whole chain is walked instead).
 */
export const auditCheckpoint = pgTable(
  'audit_checkpoint',
  {
    id: smallint('id').primaryKey().default(1),
    entryId: integer('entry_id').notNull(),
    hash: text('hash').notNull(),
    /** Entries from the first up to this one. */
    entries: integer('entries').notNull(),
    mac: text('mac').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [check('audit_checkpoint_one_row', sql`${table.id} = 1`)],
);
