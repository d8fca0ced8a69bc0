import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a brand-new
 * PostgreSQL database when TEST_DATABASE_URL is set (CI), dropped again on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDatabase({});
  return (await createPostgresTestDatabase(adminUrl)).open();
}

/** A brand-new PostgreSQL database for one test file; other processes may open it by its URL. */
export async function createPostgresTestDatabase(adminUrl: string) {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };
  return {
    url: url.toString(),
    drop,
    /** Opened (and migrated); closing it also drops the database. */
    async open(): Promise<Database> {
      const database = await openDatabase({ url: url.toString(), onIdleError: () => undefined });
      return {
        ...database,
        async close() {
          await database.close();
          await drop();
        },
      };
    },
  };
}
