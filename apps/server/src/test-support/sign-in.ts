import type { Permission } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { createUsersRepository } from '../modules/users/users-repository';
import { createSessionsRepository } from '../modules/auth/sessions-repository';

let counter = 0;

/**
 * A player or admin with a live session, made through the same repositories sign-in uses. Sign-in
 * itself is proven in the auth tests; other tests need accounts, not another OpenID round trip.
 */
export async function createAccount(
  app: FastifyInstance,
  config: Config,
  /**
   * An owner is named in ADMIN_STEAM_IDS; only owners make or unmake admins. A moderator, or an
   * admin with `permissions` (a narrower set), gets its role as an owner would set it.
   */
  role: 'player' | 'moderator' | 'admin' | 'owner' = 'player',
  knownSteamId?: string,
  permissions?: Permission[],
): Promise<{ id: number; steamId: string; token: string; headers: { authorization: string } }> {
  counter += 1;
  const steamId =
    knownSteamId ??
    `7656119${String(8_000_000_000 + counter * 7 + (role === 'player' ? 0 : 1)).padStart(10, '0')}`;
  const repo = createUsersRepository(app.db);
  const user = await repo.upsertFromSteam({
    steamId,
    username: `${role === 'player' ? 'Player' : 'Admin'} ${counter}`,
    avatar: null,
    isAdmin: role !== 'player',
    isOwner: role === 'owner',
  });
  if (role === 'moderator' || permissions) await repo.setRole(user.id, role, permissions ?? null);
  const { token } = await createSessionsRepository(app.db, config).issue(user.id);
  return { id: user.id, steamId, token, headers: { authorization: `Bearer ${token}` } };
}
