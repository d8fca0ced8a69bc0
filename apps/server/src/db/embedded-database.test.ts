import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { EMBEDDED_SETTINGS } from './embedded-database';
import { queryRows } from '../test-support/sql';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-embedded-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database in a data folder', () => {
  it('is created on first start, runs with the small buffers, and keeps its data across restarts', async () => {
    const first = await openDatabase({ dataDir });
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    const settings = await queryRows<{ shared_buffers: string }>(
      first.db,
      sql`show shared_buffers`,
    );
    expect(settings[0]?.shared_buffers).toBe(EMBEDDED_SETTINGS.shared_buffers);
    await first.db.execute(sql`insert into game_items (id, shortname, name_en, category)
      values (1545779598, 'rifle.ak', 'Assault Rifle', 'weapons')`);
    await first.close();

    const second = await openDatabase({ dataDir });
    const items = await queryRows<{ shortname: string }>(
      second.db,
      sql`select shortname from game_items`,
    );
    expect(items).toEqual([{ shortname: 'rifle.ak' }]);
    await second.close();
  }, 120_000);

  it('names the folder when it cannot be created', async () => {
    const blocked = path.join(dataDir, 'not-a-folder');
    writeFileSync(blocked, 'a file where the folder should be');
    await expect(openDatabase({ dataDir: blocked })).rejects.toThrow(blocked);
  });
});
