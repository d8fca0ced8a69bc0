import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';

/**
 * A limit per signed-in account, checked after authentication: players behind one address (a
 * dormitory, a mobile carrier's NAT) do not share it, and one account cannot spread its attempts
 * over many addresses. Anonymous callers fall back to their address.
 */
export function perAccountLimit(max: number, timeWindow = '1 minute') {
  return {
    max,
    timeWindow,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) =>
      request.user ? `user:${request.user.id}` : `ip:${request.ip}`,
  };
}

export interface RateLimitStoreOptions {
  /** Requests per minute per address across the API; routes set tighter ones. */
  max: number;
  /** With Redis the counters are shared by every shop process; without it, each counts its own. */
  redisUrl: string | undefined;
  redisKeyPrefix: string;
}

/**
 * @fastify/rate-limit for the whole app. Counters live in Redis when there is one: behind a proxy that
 * spreads requests over N instances, per-process counters would let an account make N times its
 * limit. A Redis that stops answering lets requests through (the limits guard against floods, while
 * every money rule is enforced by the database) rather than stopping every purchase.
 */
export async function registerRateLimits(app: FastifyInstance, options: RateLimitStoreOptions) {
  let redis: Redis | undefined;
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, {
      lazyConnect: true,
      connectTimeout: 500,
      maxRetriesPerRequest: 1,
    });
    redis.on('error', (err) => app.log.warn({ err }, 'redis (rate limits)'));
    await redis.connect();
    const client = redis;
    app.addHook('onClose', async () => void (await client.quit().catch(() => undefined)));
  }
  await app.register(rateLimit, {
    max: options.max,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: `${options.redisKeyPrefix}rate-limit:` } : {}),
    skipOnError: true,
  });
}
