import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test-support/test-database';
import type { Database } from '../../db/client';
import { createItemsRepository } from './items-repository';
import { loadShippedItemTable } from './shipped-items';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe('shipped item table', () => {
  it('fills an empty table on first start with every item, Russian names included', async () => {
    expect(await loadShippedItemTable(database.db)).toBe(1131);
    const items = createItemsRepository(database.db);
    expect(await items.count()).toBe(1131);
    expect(await items.findById(1545779598)).toMatchObject({
      shortname: 'rifle.ak',
      nameEn: 'Assault Rifle',
      category: 'weapons',
    });
    const russian = await items.search('Штурмовая', 5);
    expect(russian.map((item) => item.shortname)).toContain('rifle.ak');
  });

  it('leaves a table that already holds items to the import and the plugin', async () => {
    const items = createItemsRepository(database.db);
    await items.upsertMany([
      { id: 1545779598, shortname: 'rifle.ak', nameEn: 'AK', nameRu: 'Калаш', category: 'weapons' },
    ]);
    expect(await loadShippedItemTable(database.db)).toBe(0);
    expect((await items.findById(1545779598))?.nameRu).toBe('Калаш');
  });
});
