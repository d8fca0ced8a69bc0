import { createHash } from 'node:crypto';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { discordLinkStates, discordLinks } from '../../db/schema/index';

export type DiscordLinkRow = typeof discordLinks.$inferSelect;

/** A linking must come back within this long (Discord's own page rarely takes a minute). */
const STATE_TTL_MS = 10 * 60_000;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The discord module's links and the linkings under way. */
export function createDiscordLinks(db: Db) {
  return {
    find: async (userId: number) =>
      (await db.select().from(discordLinks).where(eq(discordLinks.userId, userId)).limit(1))[0],

    findByDiscordId: async (discordUserId: string) =>
      (
        await db
          .select()
          .from(discordLinks)
          .where(eq(discordLinks.discordUserId, discordUserId))
          .limit(1)
      )[0],

    count: async () => Number((await db.select({ n: count() }).from(discordLinks))[0]?.n ?? 0),

    /** False when the Discord account is already another shop account's (the unique key). */
    async insert(link: { userId: number; discordUserId: string; discordUsername: string }) {
      const rows = await db
        .insert(discordLinks)
        .values(link)
        .onConflictDoNothing()
        .returning({ userId: discordLinks.userId });
      return rows.length === 1;
    },

    remove: async (userId: number) =>
      (await db.delete(discordLinks).where(eq(discordLinks.userId, userId)).returning())[0],

    /** Remembers a linking started by this session; the state itself is never stored. */
    async startLinking(userId: number, state: string, sessionToken: string) {
      await db.delete(discordLinkStates).where(lt(discordLinkStates.expiresAt, new Date()));
      await db.insert(discordLinkStates).values({
        stateHash: sha256(state),
        userId,
        sessionHash: sha256(sessionToken),
        expiresAt: new Date(Date.now() + STATE_TTL_MS),
      });
    },

    /**
     * Uses up the linking this state started, if this same user's same session started it and it
     * has not expired. True when it did; a second try with the same state finds nothing.
     */
    async takeLinking(userId: number, state: string, sessionToken: string): Promise<boolean> {
      const rows = await db
        .delete(discordLinkStates)
        .where(
          and(
            eq(discordLinkStates.stateHash, sha256(state)),
            eq(discordLinkStates.userId, userId),
            eq(discordLinkStates.sessionHash, sha256(sessionToken)),
            gt(discordLinkStates.expiresAt, new Date()),
          ),
        )
        .returning({ userId: discordLinkStates.userId });
      return rows.length === 1;
    },
  };
}
