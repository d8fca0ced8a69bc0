import {
  kopecksToRoubles,
  roublesToKopecks,
  type AdminProduct,
  type Product,
  type productInputSchema,
} from '@shop/shared';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { noIcons, pictureOf, type ItemIconOf } from '../catalog/item-icons';
import { orderItems, products } from '../../db/schema/index';
import { kitItemLookup, kitLinesFor, noKitItems, shownKitItems, type KitItemOf } from './kit-items';

export { stackLimitOf } from './stack-limits';

export type ProductRow = typeof products.$inferSelect;
export type ProductFields = z.output<typeof productInputSchema>;

/**
 * A product as buyers see it at its own price, before any sale or wipe block (the catalogue puts
 * the price in force on it: catalog-prices.ts); its picture is its own, else its game item's icon
 * when the shop has one. A kit's lines are named by the item table (`itemOf`).
 */
export function toProduct(
  row: ProductRow,
  iconOf: ItemIconOf,
  itemOf: KitItemOf = noKitItems,
): Product {
  return {
    id: row.id,
    name: row.name,
    originalName: row.originalName,
    description: row.description,
    gameItemName: row.gameItemName,
    gameItemId: row.gameItemId,
    category: row.category,
    server: row.serverId === null ? 'all' : String(row.serverId),
    price: kopecksToRoubles(row.priceKopecks),
    quantity: row.stackSize,
    image: pictureOf(row.image, row.gameItemId, iconOf),
    popular: row.popular,
    inStock: row.inStock,
    isActive: row.isActive,
    personalUserId: row.personalUserId,
    vipTier: row.vipTier,
    vipDays: row.vipDays,
    wipeBlockHours: row.wipeBlockHours,
    untilWipe: row.untilWipe,
    originalPrice: null,
    salePercent: null,
    saleEndsAt: null,
    availableAt: null,
    serverOffers: [],
    kitItems: shownKitItems(row.kitItems, itemOf, iconOf),
  };
}

/**
 * A product as the admin edits it: `image` is the product's own picture field, as stored, and
 * `shownImage` what the shop shows for it.
 */
export function toAdminProduct(
  row: ProductRow,
  iconOf: ItemIconOf,
  itemOf: KitItemOf = noKitItems,
): AdminProduct {
  return {
    ...toProduct(row, noIcons),
    kitItems: shownKitItems(row.kitItems, itemOf, iconOf),
    shownImage: pictureOf(row.image, row.gameItemId, iconOf),
    commands: row.commands,
    revokeCommands: row.revokeCommands,
    createdAt: row.createdAt.toISOString(),
  };
}

function toColumns(fields: ProductFields) {
  return {
    name: fields.name,
    originalName: fields.originalName,
    description: fields.description,
    gameItemName: fields.gameItemName,
    gameItemId: fields.gameItemId,
    category: fields.category,
    serverId: fields.server === 'all' ? null : Number(fields.server),
    priceKopecks: roublesToKopecks(fields.price),
    stackSize: fields.quantity,
    image: fields.image,
    popular: fields.popular,
    inStock: fields.inStock,
    isActive: fields.isActive,
    commands: fields.commands,
    personalUserId: fields.personalUserId,
    vipTier: fields.vipTier,
    vipDays: fields.vipDays,
    revokeCommands: fields.revokeCommands,
    wipeBlockHours: fields.wipeBlockHours,
    untilWipe: fields.untilWipe,
    kitItems: fields.kitItems,
  };
}

export function createProductsRepository(db: Db) {
  return {
    list: () => db.select().from(products).orderBy(asc(products.id)),

    /** The item table's names of every item these rows' kits give (one query, none without kits). */
    kitItemsOf: (rows: ReadonlyArray<Pick<ProductRow, 'kitItems'>>) => kitItemLookup(db, rows),

    /** A kit's lines as a delivery to that server gives them: names and stack limits there. */
    kitLines: (lines: NonNullable<ProductRow['kitItems']>, serverId: number) =>
      kitLinesFor(db, lines, serverId),

    async findById(id: number): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
      return row;
    },

    async create(fields: ProductFields): Promise<ProductRow> {
      const [row] = await db.insert(products).values(toColumns(fields)).returning();
      if (!row) throw new Error('product insert returned no row');
      return row;
    },

    async update(id: number, fields: ProductFields): Promise<ProductRow | undefined> {
      const [row] = await db
        .update(products)
        .set({ ...toColumns(fields), updatedAt: sql`now()` })
        .where(eq(products.id, id))
        .returning();
      return row;
    },

    async setFlags(id: number, flags: { isActive?: boolean; popular?: boolean }) {
      const [row] = await db
        .update(products)
        .set({ ...flags, updatedAt: sql`now()` })
        .where(eq(products.id, id))
        .returning();
      return row;
    },

    /** Not sold for this many hours after a wipe of the server it is bought for (0: always sold). */
    async setWipeBlockHours(id: number, hours: number) {
      const [row] = await db
        .update(products)
        .set({ wipeBlockHours: hours, updatedAt: sql`now()` })
        .where(eq(products.id, id))
        .returning();
      return row;
    },

    async orderCount(id: number): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(orderItems)
        .where(eq(orderItems.productId, id));
      return Number(row?.total ?? 0);
    },

    /** 'deleted', 'missing', or 'sold' when orders hold it (the foreign key decides, race-free). */
    async remove(id: number): Promise<'deleted' | 'missing' | 'sold'> {
      try {
        const deleted = await db
          .delete(products)
          .where(eq(products.id, id))
          .returning({ id: products.id });
        return deleted.length === 1 ? 'deleted' : 'missing';
      } catch (error) {
        if (isForeignKeyViolation(error)) return 'sold';
        throw error;
      }
    },
  };
}

/**
 * A row still referenced elsewhere: foreign_key_violation (23503), or restrict_violation (23001),
 * which an ON DELETE RESTRICT key raises. Both drivers set `code`; Drizzle may wrap it in `cause`.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (code === '23503' || code === '23001') return true;
  }
  return false;
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
