import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client';
import { SERVER_ROOT } from '../../paths';
import { recordAudit } from '../audit/audit-log';
import { importItemTable, parseItemFile } from './item-import';
import { createItemsRepository, type ShippedName } from './items-repository';

/** The item table shipped with the shop (see apps/server/data/README.md). */
export const SHIPPED_ITEM_TABLE = path.join(SERVER_ROOT, 'data/rust-items.json');
/** Names earlier releases shipped for items whose names have since been corrected. */
export const SHIPPED_PREVIOUS_NAMES = path.join(SERVER_ROOT, 'data/rust-items-previous-names.json');

/**
 * Fills an empty item table from the shipped file, so a fresh install's item picker has every item.
 * A table that holds anything (an import, the plugin's sync) is left as it is. Returns the rows added.
 */
export async function loadShippedItemTable(db: Db, file = SHIPPED_ITEM_TABLE): Promise<number> {
  const items = createItemsRepository(db);
  if ((await items.count()) > 0) return 0;
  return importItemTable(
    db,
    parseItemFile('json', readFileSync(file, 'utf8')),
    { id: null, name: 'system', ip: null },
    { format: 'json', file: path.basename(file) },
    'items.shipped',
  );
}

/**
 * Gives an existing table the names of this release: an item without a Russian name gets the
 * shipped one, and a name that still reads as an earlier release shipped it gets the corrected
 * one. A name the owner changed (by the import or by hand) stays. Returns the rows renamed.
 */
export async function refreshShippedItemNames(
  db: Db,
  file = SHIPPED_ITEM_TABLE,
  previousFile = SHIPPED_PREVIOUS_NAMES,
): Promise<number> {
  const previous = new Map(
    (
      JSON.parse(readFileSync(previousFile, 'utf8')) as Array<{
        id: number;
        nameRu?: string | null;
        nameEn?: string;
      }>
    ).map((entry) => [entry.id, entry]),
  );
  const names: ShippedName[] = parseItemFile('json', readFileSync(file, 'utf8')).map((item) => {
    const earlier = previous.get(item.id);
    return {
      id: item.id,
      shortname: item.shortname,
      nameEn: item.nameEn,
      nameRu: item.nameRu,
      ...(earlier && 'nameRu' in earlier ? { previousRu: earlier.nameRu ?? null } : {}),
      ...(earlier?.nameEn ? { previousEn: earlier.nameEn } : {}),
    };
  });
  return db.transaction(async (tx) => {
    const renamed = await createItemsRepository(tx).renameShipped(names);
    if (renamed > 0) {
      await recordAudit(
        tx,
        { id: null, name: 'system', ip: null },
        {
          action: 'items.shipped-names',
          targetType: 'item-table',
          after: { renamed, file: path.basename(file) },
        },
      );
    }
    return renamed;
  });
}
