import type { Db } from '../../db/client';
import { badRequest } from '../../plugins/errors';
import { entityAudit, recordAudit, type AuditActor } from '../audit/audit-log';
import { createServersRepository } from '../servers/servers-repository';
import {
  createSalesRepository,
  toSaleFields,
  type SaleFields,
  type SaleRow,
} from './sales-repository';

export const SALE_MESSAGES = {
  notFound: 'Распродажа не найдена',
  serverNotFound: 'Сервер не найден',
  wrongTime: 'Время указано неверно',
} as const;

/**
 * Times a sale may name. The schema takes any four-digit year; the database refuses year 0, and a
 * sale of the year 1000 or 9999 is a typing slip, not a plan.
 */
const EARLIEST = Date.parse('2000-01-01T00:00:00Z');
const LATEST = Date.parse('2100-01-01T00:00:00Z');

const unknownProductsMessage = (ids: number[]) =>
  ids.length === 1
    ? `Товар не найден: ID ${ids[0]}`
    : `Товары не найдены: ID ${ids.slice(0, 10).join(', ')}${ids.length > 10 ? '…' : ''}`;

/** What the schema cannot know: the times are sane, the server and the products exist. */
async function checkSale(db: Db, fields: SaleFields): Promise<void> {
  for (const time of [fields.startsAt, fields.endsAt]) {
    if (time == null) continue;
    const at = Date.parse(time);
    if (!(at >= EARLIEST && at < LATEST)) throw badRequest(SALE_MESSAGES.wrongTime);
  }
  if (fields.serverId != null && !(await createServersRepository(db).findById(fields.serverId))) {
    throw badRequest(SALE_MESSAGES.serverNotFound);
  }
  if ('productIds' in fields.target) {
    const unknown = await createSalesRepository(db).unknownProductIds([
      ...new Set(fields.target.productIds),
    ]);
    if (unknown.length > 0) throw badRequest(unknownProductsMessage(unknown));
  }
}

const saleAudit = (action: string, before: SaleRow | null, after: SaleRow | null) =>
  entityAudit(action, 'sale', before && toSaleFields(before), after && toSaleFields(after));

/**
 * An admin's sales, each change journaled in the same transaction as the change (both commit or
 * neither). A refused request (bad times, an unknown server or product) changes nothing.
 */
export async function createSale(
  db: Db,
  actor: AuditActor,
  fields: SaleFields,
  /** When it was made, if not now: the demo. */
  at?: Date,
): Promise<SaleRow> {
  await checkSale(db, fields);
  return db.transaction(async (tx) => {
    const row = await createSalesRepository(tx).create(fields, at);
    await recordAudit(tx, actor, saleAudit('sale.create', null, row), at);
    return row;
  });
}

/** The sale as changed; undefined when there is no such sale. */
export async function updateSale(
  db: Db,
  actor: AuditActor,
  id: number,
  fields: SaleFields,
): Promise<SaleRow | undefined> {
  await checkSale(db, fields);
  return db.transaction(async (tx) => {
    const repo = createSalesRepository(tx);
    const before = await repo.findById(id);
    const row = before && (await repo.update(id, fields));
    if (!before || !row) return undefined;
    await recordAudit(tx, actor, saleAudit('sale.update', before, row));
    return row;
  });
}

/** The deleted sale; undefined when there was none. */
export async function deleteSale(
  db: Db,
  actor: AuditActor,
  id: number,
): Promise<SaleRow | undefined> {
  return db.transaction(async (tx) => {
    const row = await createSalesRepository(tx).remove(id);
    if (row) await recordAudit(tx, actor, saleAudit('sale.delete', row, null));
    return row;
  });
}
