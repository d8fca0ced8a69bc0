import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  buildLoginUrl,
  verifyAssertion,
  type OpenIdSettings,
} from '../../integrations/steam/openid';
import { fetchSteamProfile } from '../../integrations/steam/steam-api';
import { createUsersRepository, type UserRow } from '../users/users-repository';
import { createSessionsRepository, type IssuedSession } from './sessions-repository';

export const STEAM_RETURN_PATH = '/api/auth/steam/return';

export function createAuthService(db: Db, config: Config, log: FastifyBaseLogger) {
  const usersRepo = createUsersRepository(db);
  const sessions = createSessionsRepository(db, config.sessionTtlDays);
  const openid: OpenIdSettings = {
    providerUrl: config.steam.openidUrl,
    returnTo: `${config.publicUrl}${STEAM_RETURN_PATH}`,
    realm: config.publicUrl,
  };

  return {
    loginUrl: () => buildLoginUrl(openid),

    /**
     * Verifies Steam's answer and brings the account up to date; returns a one-time sign-in code for
     * the browser to trade for a session (see redeemSignInCode). Throws OpenIdError.
     */
    async completeSteamLogin(query: Record<string, unknown>): Promise<string> {
      const steamId = await verifyAssertion(query, openid, {
        rememberNonce: (nonce) => sessions.rememberNonce(nonce),
      });
      const profile = await fetchSteamProfile(config.steam, steamId);
      if (!profile && config.steam.apiKey) log.warn({ steamId }, 'Steam profile lookup failed');
      const user = await usersRepo.upsertFromSteam({
        steamId,
        username: profile?.personaname ?? `Игрок ${steamId.slice(-4)}`,
        avatar: profile?.avatar ?? null,
        isAdmin: config.adminSteamIds.has(steamId) || undefined,
      });
      return sessions.issueSignInCode(user.id);
    },

    /** A session for a sign-in code, once; undefined for an unknown, used or expired code. */
    async redeemSignInCode(code: string): Promise<IssuedSession | undefined> {
      return db.transaction(async (tx) => {
        const txSessions = createSessionsRepository(tx, config.sessionTtlDays);
        const userId = await txSessions.redeemSignInCode(code);
        return userId === undefined ? undefined : txSessions.issue(userId);
      });
    },

    async authenticate(token: string): Promise<UserRow | undefined> {
      return sessions.findLiveUser(token);
    },

    /** Rotation: the old token stops working the moment the new one exists. */
    async refresh(token: string): Promise<IssuedSession | undefined> {
      return db.transaction(async (tx) => {
        const txSessions = createSessionsRepository(tx, config.sessionTtlDays);
        const userId = await txSessions.revoke(token);
        if (userId === undefined) return undefined;
        await createUsersRepository(tx).touchLastSeen(userId);
        return txSessions.issue(userId);
      });
    },

    logout: (token: string) => sessions.revoke(token),
    prune: () => sessions.prune(),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
