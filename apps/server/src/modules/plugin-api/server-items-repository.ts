import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serverItems } from '../../db/schema/index';

export interface ServerItem {
  itemid: number;
  shortname: string;
  displayName: string;
  category: string;
  stackable: number;
}

/** Each game server's own item list, as its plugin sends it; the shared item table is another thing. */
export function createServerItemsRepository(db: Db) {
  async function countOf(serverId: number): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(serverItems)
      .where(eq(serverItems.serverId, serverId));
    return row?.total ?? 0;
  }

  return {
    /**
     * Replaces the server's whole list in one transaction: a reader sees the old list or the new one.
     * The items travel as one JSON parameter, so 10 000 of them are one statement.
     */
    async replace(serverId: number, items: ServerItem[]): Promise<number> {
      await db.transaction(async (tx) => {
        await tx.delete(serverItems).where(eq(serverItems.serverId, serverId));
        await tx.execute(sql`
          insert into server_items (server_id, item_id, shortname, name_en, category, stack_size)
          select ${serverId}, r.itemid, r.shortname, r."displayName", r.category, r.stackable
          from jsonb_to_recordset(${JSON.stringify(items)}::jsonb)
            as r(itemid int, shortname text, "displayName" text, category text, stackable int)`);
      });
      return countOf(serverId);
    },

    count: countOf,
  };
}
