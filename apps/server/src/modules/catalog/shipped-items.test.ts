import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test-support/test-database';
import type { Database } from '../../db/client';
import { createItemsRepository } from './items-repository';
import {
  loadShippedItemTable,
  refreshShippedItemNames,
  SHIPPED_ITEM_TABLE,
  SHIPPED_PREVIOUS_NAMES,
} from './shipped-items';

type Row = { id: number; shortname: string; nameEn: string; nameRu: string | null };
const shipped = JSON.parse(readFileSync(SHIPPED_ITEM_TABLE, 'utf8')) as Row[];
const previous = JSON.parse(readFileSync(SHIPPED_PREVIOUS_NAMES, 'utf8')) as Array<
  Partial<Row> & { id: number }
>;

const MUMMY_MASK = 809689733;
const BANDANA = -702051347;
const MANNEQUIN = -606898372;
const TWO_MODULE_CAR = -866121090;

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe('the shipped item table', () => {
  it('names every item in Russian, briefly: at most 60 characters, no trailing period', () => {
    expect(shipped).toHaveLength(1131);
    const bad = shipped.filter(
      (item) =>
        !item.nameRu ||
        item.nameRu.length > 60 ||
        item.nameRu !== item.nameRu.trim() ||
        item.nameRu.endsWith('.'),
    );
    expect(bad).toEqual([]);
    expect(shipped.filter((item) => item.nameEn.startsWith('#'))).toEqual([]);
  });

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
    expect(await refreshShippedItemNames(database.db)).toBe(0);
  });

  it('leaves the game’s hidden items out of the picker', async () => {
    const items = createItemsRepository(database.db);
    const first = await items.search('', 200);
    expect(first[0]?.nameEn).toMatch(/^[0-9A-Z]/);
    expect(first.some((item) => item.id === MANNEQUIN)).toBe(false);
    const found = await items.search('clothing.mannequin', 10);
    expect(found.map((item) => item.id)).not.toContain(MANNEQUIN);
    expect(await items.search(String(MANNEQUIN), 10)).toEqual([]);
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

describe('an update of the shipped names', () => {
  it('corrects the names an earlier release shipped and keeps the ones the owner changed', async () => {
    const upgraded = await openTestDatabase();
    try {
      // The table as the earlier release left it, then one name changed by its owner.
      const earlier = new Map(previous.map((entry) => [entry.id, entry]));
      const items = createItemsRepository(upgraded.db);
      await items.upsertMany(
        shipped.map((item) => {
          const old = earlier.get(item.id);
          return {
            ...item,
            category: 'miscellaneous',
            nameEn: old?.nameEn ?? item.nameEn,
            nameRu: old && 'nameRu' in old ? (old.nameRu ?? null) : item.nameRu,
          };
        }),
      );
      expect((await items.findById(MUMMY_MASK))?.nameRu).toMatch(/^Классическая хэллоуинская/);
      await items.upsertMany([
        {
          id: BANDANA,
          shortname: 'mask.bandana',
          nameEn: 'Bandana Mask',
          nameRu: 'Платок бандита',
          category: 'clothing',
        },
      ]);

      const renamed = await refreshShippedItemNames(upgraded.db);
      expect(renamed).toBe(previous.length - 1);
      expect((await items.findById(MUMMY_MASK))?.nameRu).toBe('Маска мумии');
      expect((await items.findById(TWO_MODULE_CAR))?.nameRu).toBe('Двухмодульная машина');
      expect(await items.findById(MANNEQUIN)).toMatchObject({ nameEn: 'Clothing Mannequin' });
      expect((await items.findById(BANDANA))?.nameRu).toBe('Платок бандита');
      // Once is enough: the next start finds nothing left to correct.
      expect(await refreshShippedItemNames(upgraded.db)).toBe(0);
    } finally {
      await upgraded.close();
    }
  });
});
