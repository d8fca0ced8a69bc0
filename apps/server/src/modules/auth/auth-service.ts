import { SIGN_IN_STATE_PATTERN } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  buildLoginUrl,
  OpenIdError,
  verifyAssertion,
  type OpenIdSettings,
} from '../../integrations/steam/openid';
import { fetchSteamProfile } from '../../integrations/steam/steam-api';
import { recordAudit } from '../audit/audit-log';
import { createUsersRepository, type UserRow } from '../users/users-repository';
import { createSessionsRepository, type IssuedSession } from './sessions-repository';

export const STEAM_RETURN_PATH = '/api/auth/steam/return';

/** The state a sign-in carries through Steam in its return_to, when it is a well-formed one. */
function stateOf(returnTo: unknown): string | undefined {
  if (typeof returnTo !== 'string') return undefined;
  try {
    const state = new URL(returnTo).searchParams.getAll('state');
    return state.length === 1 && SIGN_IN_STATE_PATTERN.test(state[0]!) ? state[0] : undefined;
  } catch {
    return undefined;
  }
}

export type SignInOutcome = IssuedSession | 'expired' | 'other_browser';

export function createAuthService(db: Db, config: Config, log: FastifyBaseLogger) {
  const usersRepo = createUsersRepository(db);
  const sessions = createSessionsRepository(db, config);
  const openid: OpenIdSettings = {
    providerUrl: config.steam.openidUrl,
    returnTo: `${config.publicUrl}${STEAM_RETURN_PATH}`,
    realm: config.publicUrl,
  };

  return {
    /** Steam's sign-in page, coming back with this browser's state; undefined for a malformed one. */
    loginUrl(state: string | undefined): string | undefined {
      if (state === undefined || !SIGN_IN_STATE_PATTERN.test(state)) return undefined;
      return buildLoginUrl({ ...openid, returnTo: `${openid.returnTo}?state=${state}` });
    },

    /**
     * Verifies Steam's answer and brings the account up to date; returns a one-time sign-in code for
     * the browser that started the sign-in to trade for a session (see redeemSignInCode). Throws
     * OpenIdError, before asking Steam anything when the return carries no state of a browser.
     */
    async completeSteamLogin(query: Record<string, unknown>): Promise<string> {
      const state = stateOf(query['openid.return_to']);
      if (!state) throw new OpenIdError('bad_return_to');
      // verifyAssertion checks that this very return_to is the one Steam signed.
      const steamId = await verifyAssertion(query, openid, {
        rememberNonce: (nonce) => sessions.rememberNonce(nonce),
      });
      const profile = await fetchSteamProfile(config.steam, steamId);
      if (!profile && config.steam.apiKey) log.warn({ steamId }, 'Steam profile lookup failed');
      const user = await usersRepo.upsertFromSteam({
        steamId,
        username: profile?.personaname ?? `Игрок ${steamId.slice(-4)}`,
        avatar: profile?.avatar ?? null,
        isAdmin: undefined,
        isOwner: config.adminSteamIds.has(steamId),
      });
      return sessions.issueSignInCode(user.id, state);
    },

    /**
     * A session for a sign-in code, once, in the browser that started the sign-in only. An admin's
     * sign-in is written to the audit log with the session.
     */
    async redeemSignInCode(
      code: string,
      state: string | undefined,
      ip: string | null,
    ): Promise<SignInOutcome> {
      return db.transaction(async (tx) => {
        const txSessions = createSessionsRepository(tx, config);
        const redeemed = await txSessions.redeemSignInCode(code, state);
        if (typeof redeemed === 'string') return redeemed;
        const user = await createUsersRepository(tx).findById(redeemed.userId);
        if (!user) return 'expired';
        if (user.isAdmin) {
          await recordAudit(
            tx,
            { id: user.id, name: user.username, ip },
            {
              action: 'auth.sign_in',
              targetType: 'user',
              targetId: user.id,
              targetName: user.username,
              after: { isAdmin: true, isOwner: user.isOwner },
            },
          );
        }
        return txSessions.issue(user.id);
      });
    },

    async authenticate(token: string): Promise<UserRow | undefined> {
      return sessions.findLiveUser(token);
    },

    /** Rotation: the old token stops working the moment the new one exists; the end stays. */
    async refresh(token: string): Promise<IssuedSession | undefined> {
      return db.transaction(async (tx) => {
        const txSessions = createSessionsRepository(tx, config);
        const revoked = await txSessions.revoke(token);
        if (revoked === undefined) return undefined;
        await createUsersRepository(tx).touchLastSeen(revoked.userId);
        return txSessions.issue(revoked.userId, revoked.expiresAt);
      });
    },

    logout: async (token: string) => (await sessions.revoke(token))?.userId,
    /** Ends every session of a user, in the caller's transaction when one is given. */
    logoutEverywhere: (userId: number, tx: Db = db) =>
      createSessionsRepository(tx, config).revokeAllOf(userId),
    prune: () => sessions.prune(),

    /** Brings the owner marks in line with ADMIN_STEAM_IDS at start, each change in the audit log. */
    async syncOwners(): Promise<void> {
      await db.transaction(async (tx) => {
        const changes = await createUsersRepository(tx).syncOwners([...config.adminSteamIds]);
        for (const change of changes) {
          await recordAudit(
            tx,
            { id: null, name: 'ADMIN_STEAM_IDS', ip: null },
            {
              action: 'user.owner',
              targetType: 'user',
              targetId: change.id,
              targetName: change.username,
              before: { isAdmin: change.wasAdmin, isOwner: !change.isOwner },
              after: { isAdmin: change.isOwner, isOwner: change.isOwner },
            },
          );
        }
        if (changes.length > 0) log.info({ changes: changes.length }, 'owners synced');
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
