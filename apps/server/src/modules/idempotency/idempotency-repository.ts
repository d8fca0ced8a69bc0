import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/index';

export interface StoredReply {
  requestHash: string;
  statusCode: number | null;
  replyBody: unknown;
}

/** The only writer of idempotency_keys. */
export function createIdempotencyRepository(db: Db) {
  return {
    /**
     * Claims a key inside the caller's transaction. While another transaction holds the same key
     * uncommitted, PostgreSQL makes this wait for it: a repeat that arrives mid-work waits and then
     * sees the stored reply, or takes the key over when the first attempt rolled back.
     */
    async claim(userId: number, key: string, requestHash: string): Promise<boolean> {
      const rows = await db
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return rows.length === 1;
    },

    async find(userId: number, key: string): Promise<StoredReply | undefined> {
      const [row] = await db
        .select({
          requestHash: idempotencyKeys.requestHash,
          statusCode: idempotencyKeys.statusCode,
          replyBody: idempotencyKeys.replyBody,
        })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return row;
    },

    async complete(userId: number, key: string, statusCode: number, replyBody: unknown) {
      await db
        .update(idempotencyKeys)
        .set({ statusCode, replyBody })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    },

    /** Keys live 24 hours: long enough for any client's retries, short enough to stay small. */
    async pruneOlderThan(hours: number): Promise<number> {
      const rows = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${hours})`))
        .returning({ key: idempotencyKeys.key });
      return rows.length;
    },
  };
}
