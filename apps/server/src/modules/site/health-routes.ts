import { healthSchema } from '@shop/shared';
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { backups } from '../../db/schema/index';
import { servers } from '../../db/schema/servers';
import { errorReplies } from '../../plugins/errors';
import { SHOP_VERSION } from '../../version';
import { cachedCheck } from './health-check';

const startedAt = Date.now();

/** How long one look at the database answers for: monitors probe every few seconds at most. */
export const HEALTH_CHECK_TTL_MS = 1_000;

type Health = z.infer<typeof healthSchema>;
type Facts = Pick<Health, 'backupAgeHours' | 'servers'>;

const DELIVERY = ['rcon', 'plugin', 'hidden'] as const;

/**
 * GET /health for Compose, load balancers, uptime monitors and the owner: the database, Redis,
 * every game server's link, the last backup's age, the leader, the version, and whether this is a
 * restored copy. Anyone may call it, so the database is read at most once a second whatever the
 * call rate, and each address has a counter of its own. 503 while the database does not answer.
 */
const healthRoutes: FastifyPluginAsyncZod<{ limitPerMinute: number }> = async (
  app,
  { limitPerMinute },
) => {
  let facts: Facts = { backupAgeHours: null, servers: [] };
  const look = cachedCheck(
    async () => {
      const [last] = await app.db
        .select({ takenAt: backups.takenAt })
        .from(backups)
        .orderBy(desc(backups.takenAt))
        .limit(1);
      const rows = await app.db
        .select({
          id: servers.id,
          name: servers.name,
          linkStatus: servers.linkStatus,
          isPluginEnabled: servers.isPluginEnabled,
          pluginSeenAt: servers.pluginSeenAt,
        })
        .from(servers)
        .orderBy(servers.id);
      const now = Date.now();
      facts = {
        backupAgeHours: last
          ? Math.round(((now - last.takenAt.getTime()) / 3_600_000) * 10) / 10
          : null,
        servers: rows.map((row) => ({
          id: row.id,
          name: row.name,
          link: row.linkStatus === 'online' ? 'online' : 'offline',
          delivery: DELIVERY[row.isPluginEnabled] ?? 'rcon',
          pluginSeenSecondsAgo: row.pluginSeenAt
            ? Math.round((now - row.pluginSeenAt.getTime()) / 1000)
            : null,
        })),
      };
    },
    { ttlMs: HEALTH_CHECK_TTL_MS },
  );

  app.get(
    '/health',
    {
      config: { rateLimit: { max: limitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['site'],
        summary:
          'Health: database, Redis, game servers, last backup, leader, version (the database is read at most once a second; limited per address)',
        response: { 200: healthSchema, 503: healthSchema, ...errorReplies(429) },
      },
    },
    async (_request, reply) => {
      const databaseUp = await look().then(
        () => true,
        () => false,
      );
      const redis = app.realtime.redisState();
      const known = databaseUp ? facts : { backupAgeHours: null, servers: [] };
      const degraded = redis === 'unavailable' || known.servers.some((s) => s.link === 'offline');
      const body: Health = {
        status: databaseUp ? (degraded ? 'degraded' : 'ok') : 'down',
        version: SHOP_VERSION,
        database: { kind: app.dbKind, status: databaseUp ? 'ok' : 'unavailable' },
        redis,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        leader: app.leadership.isLeader,
        restoredCopy: app.shopIdentity.restoredCopy,
        ...known,
      };
      return reply.status(databaseUp ? 200 : 503).send(body);
    },
  );
};

export default healthRoutes;
