import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { fallbackStore } from './rate-limit-store';
import { closeRedisLink, firstConnection, openRedisLink } from './redis-link';

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
 * limit. A Redis that is down at start or stops answering never stops a request: each process
 * counts in its own memory until Redis is back (rate-limit-store.ts).
 */
export async function registerRateLimits(app: FastifyInstance, options: RateLimitStoreOptions) {
  let redis: Redis | undefined;
  if (options.redisUrl) {
    redis = openRedisLink(options.redisUrl, 'rate limits', app.log, { commandTimeout: 500 });
    await firstConnection([redis]);
    const client = redis;
    app.addHook('onClose', () => closeRedisLink(client));
  }
  await app.register(rateLimit, {
    max: options.max,
    timeWindow: '1 minute',
    ...(redis ? { store: fallbackStore(redis, `${options.redisKeyPrefix}rate-limit:`) } : {}),
    skipOnError: true,
  });
}
