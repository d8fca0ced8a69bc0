import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What admins changed, append-only: each row stores the hash of the row before it and its own hash
 * over that and its content, so an edited or deleted row breaks the chain. A trigger refuses updates
 * and deletes; the chain catches whoever gets around it.
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
  },
  (table) => [
    index('audit_log_actor_idx').on(table.actorId, table.id),
    index('audit_log_target_idx').on(table.targetType, table.targetId, table.id),
  ],
);
