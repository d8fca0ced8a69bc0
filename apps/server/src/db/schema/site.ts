import { sql } from 'drizzle-orm';
import { check, customType, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Raw bytes (PostgreSQL bytea): the re-encoded pictures of the site settings. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Every version of the shop's identity, words and rules, never changed once written: the newest is
 * in force, and an older one comes back as a new version (`restored_from`). `overrides` holds only
 * what the owner set; the rest is the shipped default, so an update that improves a default reaches
 * every shop that never changed it.
 */
export const siteVersions = pgTable(
  'site_versions',
  {
    version: integer('version').primaryKey(),
    overrides: jsonb('overrides').$type<Record<string, unknown>>().notNull(),
    summary: text('summary').notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    restoredFrom: integer('restored_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('site_versions_positive', sql`${table.version} > 0`)],
);

/**
 * The files of uploaded pictures, by name: `<content id>-<size>.webp`. The content id is the hash of
 * the uploaded bytes, so a name never changes its content and is served as immutable. Rows are kept
 * while any version names them (every version is kept, so for good).
 */
export const siteImages = pgTable('site_images', {
  name: text('name').primaryKey(),
  slot: text('slot').notNull(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
