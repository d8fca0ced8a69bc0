import { gameItemIdSchema, type GameItem } from '@shop/shared';
import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gameItems } from '../../db/schema/index';

const CHUNK = 500;

export type GameItemRow = typeof gameItems.$inferSelect;

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

    async count(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(gameItems);
      return Number(row?.total ?? 0);
    },

    async findById(id: number): Promise<GameItemRow | undefined> {
      const [row] = await db.select().from(gameItems).where(eq(gameItems.id, id)).limit(1);
      return row;
    },

    /** For the admin's item picker: by name (either language), shortname or exact id. */
    async search(query: string, limit: number): Promise<GameItemRow[]> {
      const text = query.trim();
      if (!text) return db.select().from(gameItems).orderBy(asc(gameItems.nameEn)).limit(limit);
      const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const asId = /^-?\d+$/.test(text) ? gameItemIdSchema.safeParse(text) : null;
      return db
        .select()
        .from(gameItems)
        .where(
          or(
            ilike(gameItems.nameEn, pattern),
            ilike(gameItems.nameRu, pattern),
            ilike(gameItems.shortname, pattern),
            ...(asId?.success ? [eq(gameItems.id, asId.data)] : []),
          ),
        )
        .orderBy(asc(gameItems.nameEn))
        .limit(limit);
    },
  };
}

export type ItemsRepository = ReturnType<typeof createItemsRepository>;
