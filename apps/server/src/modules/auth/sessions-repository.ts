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

/** How long a session lasts: SESSION_TTL_DAYS from sign-in at most, SESSION_IDLE_DAYS unused. */
export interface SessionLifetimes {
  sessionTtlDays: number;
  sessionIdleDays: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Use moves a session's idle end on at most this often: one write an hour per session instead of
 * one per request. The idle end is thus exact to within the hour.
 */
const IDLE_BUMP_MS = 60 * 60 * 1000;

/** A session that is still good: not revoked, not past its end, not idle too long. */
const live = and(
  isNull(sessions.revokedAt),
  gt(sessions.expiresAt, sql`now()`),
  gt(sessions.idleExpiresAt, sql`now()`),
);

/** What a sign-in code redeems to: its user, or why it does not. */
export type SignInRedemption = { userId: number } | 'expired' | 'other_browser';

/**
 * Ends every session of every user, and voids every sign-in code not yet traded: a restored
 * database brings back sessions that were signed out (or stolen and ended) after its backup.
 * Returns how many sessions were live.
 */
export async function endEverySession(db: Db): Promise<number> {
  await db.delete(signInCodes);
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(live)
    .returning({ id: sessions.id });
  return rows.length;
}

/** Sessions are random opaque tokens; only their hash is stored, so a leaked table signs no one in. */
export function createSessionsRepository(db: Db, lifetimes: SessionLifetimes) {
  const ttlMs = lifetimes.sessionTtlDays * DAY_MS;
  const idleMs = lifetimes.sessionIdleDays * DAY_MS;
  const idleEnd = (expiresAt: Date, now = Date.now()) =>
    new Date(Math.min(expiresAt.getTime(), now + idleMs));

  return {
    /**
     * A new session. `expiresAt` carries a rotated session's end over to its new token, so that
     * refreshing never lengthens a sign-in beyond SESSION_TTL_DAYS.
     */
    async issue(userId: number, expiresAt = new Date(Date.now() + ttlMs)): Promise<IssuedSession> {
      const token = randomBytes(32).toString('base64url');
      await db.insert(sessions).values({
        userId,
        tokenHash: hashToken(token),
        expiresAt,
        idleExpiresAt: idleEnd(expiresAt),
      });
      return { token, expiresAt };
    },

    /** The user behind a live session; its use moves the idle end on (at most hourly). */
    async findLiveUser(token: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select({
          user: users,
          id: sessions.id,
          expiresAt: sessions.expiresAt,
          idleExpiresAt: sessions.idleExpiresAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, hashToken(token)), live))
        .limit(1);
      if (!row) return undefined;
      const next = idleEnd(row.expiresAt);
      if (next.getTime() - row.idleExpiresAt.getTime() > IDLE_BUMP_MS) {
        await db
          .update(sessions)
          .set({ idleExpiresAt: next })
          .where(and(eq(sessions.id, row.id), isNull(sessions.revokedAt)));
      }
      return row.user;
    },

    /** Revokes a live session; returns its user and end when it was live. */
    async revoke(token: string): Promise<{ userId: number; expiresAt: Date } | undefined> {
      const [row] = await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.tokenHash, hashToken(token)), live))
        .returning({ userId: sessions.userId, expiresAt: sessions.expiresAt });
      return row;
    },

    /**
     * Ends every session of a user ("sign out everywhere"); returns how many were live. The user's
     * sign-in codes not yet traded go too: a code of the last minute would otherwise open a fresh
     * session after the sign-out that was meant to end them all.
     */
    async revokeAllOf(userId: number): Promise<number> {
      await db.delete(signInCodes).where(eq(signInCodes.userId, userId));
      const rows = await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, userId), live))
        .returning({ id: sessions.id });
      return rows.length;
    },

    /**
     * A one-time code that stands for a fresh sign-in of this user until it is redeemed, bound to
     * the state of the browser that started the sign-in (only its hash is kept).
     */
    async issueSignInCode(userId: number, state: string): Promise<string> {
      const code = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + SIGN_IN_CODE_TTL_MS);
      await db
        .insert(signInCodes)
        .values({ codeHash: hashToken(code), userId, stateHash: hashToken(state), expiresAt });
      return code;
    },

    /**
     * The code's user, once, and only with the state it was issued for. The row is deleted as it is
     * read, whatever the state: a code shown with the wrong one has left its browser and is spent.
     */
    async redeemSignInCode(code: string, state: string | undefined): Promise<SignInRedemption> {
      const [row] = await db
        .delete(signInCodes)
        .where(
          and(eq(signInCodes.codeHash, hashToken(code)), gt(signInCodes.expiresAt, sql`now()`)),
        )
        .returning({ userId: signInCodes.userId, stateHash: signInCodes.stateHash });
      if (!row) return 'expired';
      if (state === undefined || hashToken(state) !== row.stateHash) return 'other_browser';
      return { userId: row.userId };
    },

    /** Drops sessions long past use, so the table does not grow without end. */
    async prune(): Promise<void> {
      await db
        .delete(sessions)
        .where(
          or(
            lt(sessions.expiresAt, sql`now() - interval '1 day'`),
            lt(sessions.idleExpiresAt, sql`now() - interval '1 day'`),
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
