import type { Sale, SaleTarget, saleInputSchema } from '@shop/shared';
import { and, asc, eq, gt, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { products, sales } from '../../db/schema/index';
import { saleRunsOn, type SaleTerms } from './price-in-force';

export type SaleRow = typeof sales.$inferSelect;
export type SaleFields = z.output<typeof saleInputSchema>;

export function targetOf(row: SaleRow): SaleTarget {
  if (row.targetKind === 'category' && row.category) return { category: row.category };
  if (row.targetKind === 'products' && row.productIds) return { productIds: row.productIds };
  return { all: true };
}

/** The sale as the admin sets it (the audit log keeps this). */
export function toSaleFields(row: SaleRow) {
  return {
    id: row.id,
    name: row.name,
    percent: row.percent,
    target: targetOf(row),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    afterWipeHours: row.afterWipeHours,
    serverId: row.serverId,
  };
}

/** The sale as the admin API shows it; `lastWipes` as of `at` (see PricingState). */
export function toSale(row: SaleRow, at: Date, lastWipes: ReadonlyMap<number, Date>): Sale {
  return {
    ...toSaleFields(row),
    runningNow: saleRunsOn(row, row.serverId, at, lastWipes),
    createdAt: row.createdAt.toISOString(),
  };
}

function toColumns(fields: SaleFields) {
  const { target } = fields;
  const byWipe = fields.afterWipeHours != null;
  return {
    name: fields.name,
    percent: fields.percent,
    targetKind: 'all' in target ? 'all' : 'category' in target ? 'category' : 'products',
    category: 'category' in target ? target.category : null,
    // Each product once, in the order given.
    productIds: 'productIds' in target ? [...new Set(target.productIds)] : null,
    startsAt: byWipe || !fields.startsAt ? null : new Date(fields.startsAt),
    endsAt: byWipe || !fields.endsAt ? null : new Date(fields.endsAt),
    afterWipeHours: fields.afterWipeHours ?? null,
    serverId: byWipe ? (fields.serverId ?? null) : null,
  };
}

/** The sales table: the only writer of `sales`. */
export function createSalesRepository(db: Db) {
  return {
    list: (): Promise<SaleRow[]> => db.select().from(sales).orderBy(asc(sales.id)),

    async findById(id: number): Promise<SaleRow | undefined> {
      const [row] = await db.select().from(sales).where(eq(sales.id, id)).limit(1);
      return row;
    },

    /**
     * The sales that may run on a server at a moment: timed ones running then, and that server's
     * wipe sales (whether one runs depends on the last wipe). A purchase reads them in its own
     * transaction, so it charges what holds when it runs, whatever any cache says.
     */
    runningCandidates(serverId: number, at: Date): Promise<SaleTerms[]> {
      return db
        .select()
        .from(sales)
        .where(
          or(
            and(lte(sales.startsAt, at), gt(sales.endsAt, at)),
            and(isNotNull(sales.afterWipeHours), eq(sales.serverId, serverId)),
          ),
        );
    },

    async create(fields: SaleFields, at?: Date): Promise<SaleRow> {
      const [row] = await db
        .insert(sales)
        .values({ ...toColumns(fields), ...(at ? { createdAt: at, updatedAt: at } : {}) })
        .returning();
      if (!row) throw new Error('sale insert returned no row');
      return row;
    },

    async update(id: number, fields: SaleFields): Promise<SaleRow | undefined> {
      const [row] = await db
        .update(sales)
        .set({ ...toColumns(fields), updatedAt: sql`now()` })
        .where(eq(sales.id, id))
        .returning();
      return row;
    },

    async remove(id: number): Promise<SaleRow | undefined> {
      const [row] = await db.delete(sales).where(eq(sales.id, id)).returning();
      return row;
    },

    /** Of these product ids, those no product has (a sale for them could never apply). */
    async unknownProductIds(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const found = await db
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, [...ids]));
      const known = new Set(found.map((row) => row.id));
      return ids.filter((id) => !known.has(id));
    },

    /**
     * Whether this shop ever had a sale (the table's identity sequence was used): the demo seeds
     * its sales once, and an admin who deleted them does not see them come back on a restart.
     */
    async everHadOne(): Promise<boolean> {
      const [row] = await queryRows<{ used: boolean }>(
        db,
        sql`select is_called as used from sales_id_seq`,
      );
      return Boolean(row?.used);
    },
  };
}

export type SalesRepository = ReturnType<typeof createSalesRepository>;
