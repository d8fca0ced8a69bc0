import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { queryRows } from '../../test-support/sql';
import { openTestDatabase } from '../../test-support/test-database';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('migration 0033 (staff roles) on a shop with data', () => {
  it('makes today’s owners owners and today’s admins admins with every permission', async () => {
    const { db } = database;
    // The users table as it was before the migration, holding an owner, admins and players.
    await db.execute(sql`alter table users drop constraint users_role_flags`);
    await db.execute(sql`alter table users drop constraint users_role`);
    await db.execute(sql`alter table users drop column role, drop column permissions`);
    await db.execute(sql`
      insert into users (steam_id, username, is_admin, is_owner, balance_kopecks) values
        ('76561198000000101', 'Owner', true, true, 0),
        ('76561198000000102', 'Admin', true, false, 0),
        ('76561198000000103', 'Player', false, false, 1500),
        ('76561198000000104', 'Second admin', true, false, 0)`);

    const migration = readFileSync(
      path.join(import.meta.dirname, '../../db/migrations/0033_staff_roles.sql'),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }

    const rows = await queryRows<{ username: string; role: string; permissions: unknown }>(
      db,
      sql`select username, role, permissions from users order by steam_id`,
    );
    expect(rows).toEqual([
      { username: 'Owner', role: 'owner', permissions: null },
      { username: 'Admin', role: 'admin', permissions: null },
      { username: 'Player', role: 'player', permissions: null },
      { username: 'Second admin', role: 'admin', permissions: null },
    ]);
    // The flags and the role cannot part from now on.
    await expect(
      db.execute(sql`update users set role = 'player' where username = 'Admin'`),
    ).rejects.toThrow();
  });
});
