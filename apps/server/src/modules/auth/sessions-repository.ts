import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { openidNonces, sessions, signInCodes, users } from '../../db/schema/index';
import type { UserRow } from '../users/users-repository';

/** What the sessions table stores of a token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A sign-in code is traded for a session within seconds of Steam's return; a minute is plenty. */
const SIGN_IN_CODE_TTL_MS = 60_000;

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

/** Sessions are random opaque tokens; only their hash is stored, so a leaked table signs no one in. */
export function createSessionsRepository(db: Db, ttlDays: number) {
  const ttlMs = ttlDays * 24 * 60 * 60 * 1000;

  return {
    async issue(userId: number): Promise<IssuedSession> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ttlMs);
      await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt });
      return { token, expiresAt };
    },

    /** The user behind a live (not expired, not revoked) session, in one query. */
    async findLiveUser(token: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, hashToken(token)),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`now()`),
          ),
        )
        .limit(1);
      return row?.user;
    },

    /** Revokes a live session; returns its user id when it was live. */
    async revoke(token: string): Promise<number | undefined> {
      const [row] = await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(sessions.tokenHash, hashToken(token)),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: sessions.userId });
      return row?.userId;
    },

    /** A one-time code that stands for a fresh sign-in of this user until it is redeemed. */
    async issueSignInCode(userId: number): Promise<string> {
      const code = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + SIGN_IN_CODE_TTL_MS);
      await db.insert(signInCodes).values({ codeHash: hashToken(code), userId, expiresAt });
      return code;
    },

    /** The code's user, once: the row is deleted as it is read, so a second redemption finds nothing. */
    async redeemSignInCode(code: string): Promise<number | undefined> {
      const [row] = await db
        .delete(signInCodes)
        .where(
          and(eq(signInCodes.codeHash, hashToken(code)), gt(signInCodes.expiresAt, sql`now()`)),
        )
        .returning({ userId: signInCodes.userId });
      return row?.userId;
    },

    /** Drops sessions long past use, so the table does not grow without end. */
    async prune(): Promise<void> {
      await db
        .delete(sessions)
        .where(
          or(
            lt(sessions.expiresAt, sql`now() - interval '1 day'`),
            lt(sessions.revokedAt, sql`now() - interval '1 day'`),
          ),
        );
      await db.delete(openidNonces).where(lt(openidNonces.seenAt, sql`now() - interval '1 day'`));
      await db.delete(signInCodes).where(lt(signInCodes.expiresAt, sql`now()`));
    },

    /** True the first time a nonce is seen; the primary key makes this race-free. */
    async rememberNonce(nonce: string): Promise<boolean> {
      const inserted = await db
        .insert(openidNonces)
        .values({ nonce })
        .onConflictDoNothing()
        .returning({ nonce: openidNonces.nonce });
      return inserted.length === 1;
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
