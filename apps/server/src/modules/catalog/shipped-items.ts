import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client';
import { SERVER_ROOT } from '../../paths';
import { parseItemFile } from './item-import';
import { createItemsRepository } from './items-repository';

/** The item table shipped with the shop (see apps/server/data/README.md). */
export const SHIPPED_ITEM_TABLE = path.join(SERVER_ROOT, 'data/rust-items.json');

/**
 * Fills an empty item table from the shipped file, so a fresh install's item picker has every item.
 * A table that holds anything (an import, the plugin's sync) is left as it is. Returns the rows added.
 */
export async function loadShippedItemTable(db: Db, file = SHIPPED_ITEM_TABLE): Promise<number> {
  const items = createItemsRepository(db);
  if ((await items.count()) > 0) return 0;
  return items.upsertMany(parseItemFile('json', readFileSync(file, 'utf8')));
}
