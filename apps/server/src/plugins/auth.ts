import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { assertPermission } from './permissions';
import { createAuthService, type AuthService } from '../modules/auth/auth-service';
import type { UserRow } from '../modules/users/users-repository';
import { forbidden, unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    /** preHandler: sets request.user when a valid token came, and lets anonymous callers through. */
    identify: (request: FastifyRequest) => Promise<void>;
    /** preHandler: 401 unless a live session came. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler for a call whose own statement checks the session row again (the purchase): the
     * user from a cache of sessions this process saw live in the last seconds, else as requireUser.
     */
    requireCachedUser: (request: FastifyRequest) => Promise<void>;
    /** Forgets the cached session of this request and looks it up afresh: 401 unless still live. */
    recheckUser: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler: 401 for anonymous callers, 403 for players, and 403 for staff whose role lacks
     * the route's `config.permission`.
     */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: UserRow | null;
    sessionToken: string | null;
  }
}

/** `Authorization: Bearer <token>`; anything else counts as no token. */
export function readBearer(header: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * How long a cached session may stand in for its row. Only calls that re-check the row in their own
 * statement read the cache, so a session revoked on any process buys nothing even while cached.
 */
const SESSION_CACHE_MS = 30_000;
const SESSION_CACHE_MAX = 20_000;

async function authPlugin(app: FastifyInstance, options: { config: Config }) {
  const service = createAuthService(app.db, options.config, app.log);
  const cached = new Map<string, { user: UserRow; until: number }>();
  app.decorate('auth', {
    ...service,
    async refresh(token: string) {
      cached.delete(token);
      return service.refresh(token);
    },
    async logout(token: string) {
      cached.delete(token);
      return service.logout(token);
    },
    async logoutEverywhere(userId: number, tx?: Parameters<AuthService['logoutEverywhere']>[1]) {
      for (const [token, entry] of cached) if (entry.user.id === userId) cached.delete(token);
      return service.logoutEverywhere(userId, tx);
    },
  });
  // ADMIN_STEAM_IDS as of this start: an id taken out of it is no owner from now on.
  await service.syncOwners();
  // Expired sessions and used nonces; the leader does it for every process.
  app.leadership.every('session cleanup', 60 * 60_000, () => service.prune());
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);

  const identify = async (request: FastifyRequest) => {
    if (request.user) return;
    const token = readBearer(request.headers.authorization);
    if (!token) return;
    const user = await service.authenticate(token);
    if (user) {
      request.user = user;
      request.sessionToken = token;
    }
  };
  app.decorate('identify', identify);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    await identify(request);
    if (!request.user) throw unauthorized();
  });
  app.decorate('requireCachedUser', async (request: FastifyRequest) => {
    const token = readBearer(request.headers.authorization);
    const hit = token ? cached.get(token) : undefined;
    if (token && hit && hit.until > Date.now()) {
      request.user = hit.user;
      request.sessionToken = token;
      return;
    }
    await identify(request);
    if (!request.user || !token) throw unauthorized();
    if (cached.size >= SESSION_CACHE_MAX) cached.clear();
    cached.set(token, { user: request.user, until: Date.now() + SESSION_CACHE_MS });
  });
  app.decorate('recheckUser', async (request: FastifyRequest) => {
    if (request.sessionToken) cached.delete(request.sessionToken);
    request.user = null;
    request.sessionToken = null;
    await identify(request);
    if (!request.user) throw unauthorized();
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await identify(request);
    if (!request.user) throw unauthorized();
    if (!request.user.isAdmin) throw forbidden();
    // The route's declared permission (config.permission), wherever the route lives.
    const needed = request.routeOptions.config.permission;
    if (needed) assertPermission(request.user, needed);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['database', 'errors', 'leadership'] });
