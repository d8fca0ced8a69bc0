import { gameItemSchema, type GameItem } from '@shop/shared';
import { parse } from 'csv-parse/sync';
import type { Db } from '../../db/client';
import { badRequest } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { createItemsRepository } from './items-repository';

const CSV_COLUMNS = ['id', 'shortname', 'nameEn', 'nameRu', 'category'] as const;
const REQUIRED_CSV_COLUMNS = ['id', 'shortname', 'nameEn'] as const;

function rowsFromCsv(content: string): unknown[] {
  let records: Record<string, string>[];
  try {
    records = parse(content, { columns: true, skip_empty_lines: true, trim: true, bom: true });
  } catch (error) {
    throw badRequest(`Не удалось прочитать CSV: ${(error as Error).message}`);
  }
  const header = Object.keys(records[0] ?? {});
  const missing = REQUIRED_CSV_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) {
    throw badRequest(`В CSV нет столбцов: ${missing.join(', ')} (нужны ${CSV_COLUMNS.join(', ')})`);
  }
  return records.map((record) => ({
    id: record.id === undefined || record.id === '' ? undefined : Number(record.id),
    shortname: record.shortname,
    nameEn: record.nameEn,
    nameRu: record.nameRu ? record.nameRu : null,
    category: record.category ? record.category : undefined,
  }));
}

function rowsFromJson(content: string): unknown[] {
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch {
    throw badRequest('Файл не является корректным JSON');
  }
  if (!Array.isArray(data)) throw badRequest('JSON должен быть массивом предметов');
  return data;
}

/**
 * Reads an item table file. Every row must be valid, or nothing is imported: a half-imported table
 * is worse than none, and the message names the first bad row so the admin can fix the file.
 */
export function parseItemFile(format: 'json' | 'csv', content: string): GameItem[] {
  const rows = format === 'json' ? rowsFromJson(content) : rowsFromCsv(content);
  if (rows.length === 0) throw badRequest('В файле нет ни одного предмета');
  const items: GameItem[] = [];
  const seenIds = new Set<number>();
  const seenNames = new Set<string>();
  for (const [index, row] of rows.entries()) {
    const parsed = gameItemSchema.safeParse(row);
    const line = format === 'csv' ? `Строка ${index + 2}` : `Предмет №${index + 1}`;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(
        `${line}: ${issue?.path.join('.') || 'запись'} — ${issue?.message ?? 'ошибка'}`,
      );
    }
    if (seenIds.has(parsed.data.id) || seenNames.has(parsed.data.shortname)) {
      throw badRequest(`${line}: предмет ${parsed.data.shortname} (${parsed.data.id}) повторяется`);
    }
    seenIds.add(parsed.data.id);
    seenNames.add(parsed.data.shortname);
    items.push(parsed.data);
  }
  return items;
}

/**
 * Loads items into the shop's item table with its journal row, in one transaction: the admin's
 * import, `npm run items:import` and the shipped table on a fresh install alike. Returns the rows.
 */
export async function importItemTable(
  db: Db,
  items: readonly GameItem[],
  actor: AuditActor,
  source: { format: 'json' | 'csv'; file?: string },
  action: 'items.import' | 'items.shipped' = 'items.import',
): Promise<number> {
  return db.transaction(async (tx) => {
    const imported = await createItemsRepository(tx).upsertMany(items);
    await recordAudit(tx, actor, {
      action,
      targetType: 'item-table',
      after: { imported, ...source },
    });
    return imported;
  });
}
