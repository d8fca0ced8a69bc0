import type { ProductImportResult } from '@shop/shared';
import type { Db } from '../../db/client';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { createProductsRepository } from '../products/products-repository';
import { createServersRepository } from '../servers/servers-repository';
import { readProductFile, type CategoryList, type ProductFields } from './product-file';

const sameProduct = (
  fields: ProductFields,
  row: { name: string; gameItemName: string; serverId: number | null },
) =>
  row.name.toLowerCase() === fields.name.toLowerCase() &&
  row.gameItemName === fields.gameItemName &&
  String(row.serverId ?? 'all') === fields.server;

/**
 * A product file (CSV or JSON): with `dryRun`, what it would add; otherwise every new product added
 * in one transaction and journaled. A row naming a product the shop already sells (same name, item
 * and server) is left as it is, so importing a file again adds nothing twice. Any bad row: nothing
 * is added, and the errors come back by line.
 */
export async function importProducts(
  db: Db,
  content: string | unknown[],
  { dryRun, actor, categories }: { dryRun: boolean; actor: AuditActor; categories?: CategoryList },
): Promise<ProductImportResult> {
  const servers = await createServersRepository(db).list();
  const { count, rows, errors } = readProductFile(content, servers, categories);
  const existing = errors.length ? [] : await createProductsRepository(db).list();
  const products = rows.map((row) => ({
    row,
    status: existing.some((product) => sameProduct(row.fields, product))
      ? ('existing' as const)
      : ('new' as const),
  }));
  const result: ProductImportResult = {
    dryRun,
    rows: count,
    created: errors.length ? 0 : products.filter((p) => p.status === 'new').length,
    existing: products.filter((p) => p.status === 'existing').length,
    products: products.map(({ row, status }) => ({
      line: row.line,
      name: row.fields.name,
      price: row.fields.price,
      server: row.serverLabel,
      status,
    })),
    errors,
  };
  if (errors.length > 0 || dryRun || result.created === 0) return result;
  await db.transaction(async (tx) => {
    const repo = createProductsRepository(tx);
    const created: Array<{ id: number; name: string }> = [];
    for (const { row, status } of products) {
      if (status === 'new') created.push(await repo.create(row.fields));
    }
    await recordAudit(tx, actor, {
      action: 'products.import',
      targetType: 'product',
      targetName: `${created.length} шт.`,
      after: { created: created.map(({ id, name }) => ({ id, name })), existing: result.existing },
    });
  });
  return result;
}
