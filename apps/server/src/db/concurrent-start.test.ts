import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { createPostgresTestDatabase } from '../test-support/test-database';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('several shop processes starting on one empty PostgreSQL', () => {
  it('all come up: migrations run once, under a lock, and the rest find nothing to do', async () => {
    const fresh = await createPostgresTestDatabase(adminUrl!);
    try {
      const opened = await Promise.allSettled(
        Array.from({ length: 3 }, () =>
          openDatabase({ url: fresh.url, onIdleError: () => undefined }),
        ),
      );
      expect(opened.map((result) => result.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      for (const result of opened) if (result.status === 'fulfilled') await result.value.close();

      const check = await openDatabase({ url: fresh.url, onIdleError: () => undefined });
      const applied = (await check.db.execute(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      )) as { rows: Array<{ n: number }> };
      await check.close();
      const journal = await import('./migrations/meta/_journal.json', { with: { type: 'json' } });
      expect(applied.rows[0]?.n).toBe(journal.default.entries.length);
    } finally {
      await fresh.drop();
    }
  });
});
