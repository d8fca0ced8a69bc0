import { gameItemIdSchema, type GameItem } from '@shop/shared';
import { and, asc, count, eq, ilike, inArray, not, notLike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { gameItems } from '../../db/schema/index';

const CHUNK = 500;

export type GameItemRow = typeof gameItems.$inferSelect;

/**
 * A shipped item's current names and, where an earlier release shipped other ones, those: a name
 * that still reads as the earlier one was never changed by the owner.
 */
export interface ShippedName {
  id: number;
  shortname: string;
  nameEn: string;
  nameRu: string | null;
  /** Present when an earlier release shipped another Russian name (null: it shipped none). */
  previousRu?: string | null;
  previousEn?: string;
}

/**
 * Entries of the table the admin's item picker leaves out: the game's hidden items, and any whose
 * name is still a raw translation key («#clothingmannequin»), which no buyer should be sold.
 */
export const HIDDEN_SHORTNAMES: readonly string[] = ['clothing.mannequin'];

export function createItemsRepository(db: Db) {
  return {
    /**
     * Inserts or updates items by id, all or nothing. A Russian name already known is kept when the
     * source has none (the game's own item list is English only).
     */
    async upsertMany(items: readonly GameItem[]): Promise<number> {
      await db.transaction(async (tx) => {
        for (let start = 0; start < items.length; start += CHUNK) {
          const chunk = items.slice(start, start + CHUNK);
          // A shortname may move to a new id after a game update: free it first.
          const pairs = sql.join(
            chunk.map((item) => sql`(${item.id}::int, ${item.shortname}::text)`),
            sql`, `,
          );
          await tx.execute(
            sql`delete from game_items g using (values ${pairs}) as v(id, shortname)
                where g.shortname = v.shortname and g.id <> v.id`,
          );
          await tx
            .insert(gameItems)
            .values(chunk.map((item) => ({ ...item, nameRu: item.nameRu ?? null })))
            .onConflictDoUpdate({
              target: gameItems.id,
              set: {
                shortname: sql`excluded.shortname`,
                nameEn: sql`excluded.name_en`,
                nameRu: sql`coalesce(excluded.name_ru, ${gameItems.nameRu})`,
                category: sql`excluded.category`,
                updatedAt: sql`now()`,
              },
            });
        }
      });
      return items.length;
    },

    /**
     * Brings names the shop shipped up to date without touching an owner's own: an item's Russian
     * name is set when it has none or still reads as an earlier shipped one, and its English name
     * when it still reads as an earlier shipped one. Only rows whose id and shortname both match are
     * changed. Returns how many rows changed.
     */
    async renameShipped(items: readonly ShippedName[]): Promise<number> {
      let changed = 0;
      await db.transaction(async (tx) => {
        for (let start = 0; start < items.length; start += CHUNK) {
          const rows = sql.join(
            items.slice(start, start + CHUNK).map(
              (item) =>
                sql`(${item.id}::int, ${item.shortname}::text, ${item.nameRu}::text,
                       ${item.previousRu !== undefined}::boolean, ${item.previousRu ?? null}::text,
                       ${item.nameEn}::text, ${item.previousEn ?? null}::text)`,
            ),
            sql`, `,
          );
          const ruStale = sql`(g.name_ru is null or (v.ru_listed and g.name_ru = v.previous_ru))`;
          const enStale = sql`(v.previous_en is not null and g.name_en = v.previous_en)`;
          const updated = await queryRows<{ id: number }>(
            tx,
            sql`update game_items g set
                  name_ru = case when ${ruStale} then v.name_ru else g.name_ru end,
                  name_en = case when ${enStale} then v.name_en else g.name_en end,
                  updated_at = now()
                from (values ${rows}) as v(id, shortname, name_ru, ru_listed, previous_ru, name_en,
                                           previous_en)
                where g.id = v.id and g.shortname = v.shortname
                  and ((${ruStale} and g.name_ru is distinct from v.name_ru)
                       or (${enStale} and g.name_en <> v.name_en))
                returning g.id`,
          );
          changed += updated.length;
        }
      });
      return changed;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(gameItems);
      return Number(row?.total ?? 0);
    },

    async findById(id: number): Promise<GameItemRow | undefined> {
      const [row] = await db.select().from(gameItems).where(eq(gameItems.id, id)).limit(1);
      return row;
    },

    /** For the admin's item picker: by name (either language), shortname or exact id; hidden ones left out. */
    async search(query: string, limit: number): Promise<GameItemRow[]> {
      const text = query.trim();
      const listed = and(
        not(inArray(gameItems.shortname, [...HIDDEN_SHORTNAMES])),
        notLike(gameItems.nameEn, '#%'),
      );
      if (!text) {
        return db
          .select()
          .from(gameItems)
          .where(listed)
          .orderBy(asc(gameItems.nameEn))
          .limit(limit);
      }
      const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const asId = /^-?\d+$/.test(text) ? gameItemIdSchema.safeParse(text) : null;
      return db
        .select()
        .from(gameItems)
        .where(
          and(
            listed,
            or(
              ilike(gameItems.nameEn, pattern),
              ilike(gameItems.nameRu, pattern),
              ilike(gameItems.shortname, pattern),
              ...(asId?.success ? [eq(gameItems.id, asId.data)] : []),
            ),
          ),
        )
        .orderBy(asc(gameItems.nameEn))
        .limit(limit);
    },
  };
}

export type ItemsRepository = ReturnType<typeof createItemsRepository>;
