import { healthSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../plugins/errors';
import { cachedCheck } from './health-check';

const startedAt = Date.now();

/** How long one look at the database answers for: monitors probe every few seconds at most. */
export const HEALTH_CHECK_TTL_MS = 1_000;

/**
 * GET /health for Compose, load balancers and uptime monitors. Anyone may call it, so it costs the
 * database at most one `select 1` a second whatever the call rate, and each address has a counter
 * of its own (a monitor never eats into its players' API limit, nor they into its).
 */
const healthRoutes: FastifyPluginAsyncZod<{ limitPerMinute: number }> = async (
  app,
  { limitPerMinute },
) => {
  const databaseAnswers = cachedCheck(() => app.db.execute('select 1'), {
    ttlMs: HEALTH_CHECK_TTL_MS,
  });

  app.get(
    '/health',
    {
      config: { rateLimit: { max: limitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['site'],
        summary:
          'Liveness and database check (the database is asked at most once a second; limited per address)',
        response: { 200: healthSchema, ...errorReplies(429) },
      },
    },
    async () => {
      await databaseAnswers();
      return {
        status: 'ok' as const,
        database: app.dbKind,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        leader: app.leadership.isLeader,
      };
    },
  );
};

export default healthRoutes;
