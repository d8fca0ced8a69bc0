import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { redisReady } from './redis-link';

/** @fastify/rate-limit's own stores (plain CommonJS, without types of their own). */
type Done = Parameters<FastifyRateLimitStore['incr']>[1];
type StoreOptions = Parameters<FastifyRateLimitStore['child']>[0];
interface Store extends FastifyRateLimitStore {
  read(key: string, done: Done, timeWindow: number, max: number): void;
  child(routeOptions: StoreOptions): Store;
}

const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  cache?: number,
) => Store;

/**
 * Counters in Redis while it answers, in this process's memory while it does not. A Redis outage
 * then neither stops requests (the money rules live in the database) nor lifts every limit: each
 * instance counts on its own until Redis is back, then the shared counters take over again.
 */
class FallbackStore implements Store {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly redis: Redis,
  ) {}

  private use(method: 'incr' | 'read', key: string, done: Done, timeWindow: number, max: number) {
    if (!redisReady(this.redis)) return this.local[method](key, done, timeWindow, max);
    this.shared[method](
      key,
      (err, result) => (err ? this.local[method](key, done, timeWindow, max) : done(null, result)),
      timeWindow,
      max,
    );
  }

  incr(key: string, done: Done, timeWindow: number, max: number) {
    this.use('incr', key, done, timeWindow, max);
  }

  read(key: string, done: Done, timeWindow: number, max: number) {
    this.use('read', key, done, timeWindow, max);
  }

  child(routeOptions: StoreOptions): Store {
    return new FallbackStore(
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.redis,
    );
  }
}

/** The store class @fastify/rate-limit constructs with its global options. */
export function fallbackStore(redis: Redis, nameSpace: string) {
  return class extends FallbackStore {
    // The plugin passes its global settings, these two among them.
    constructor(
      options: FastifyRateLimitOptions & {
        continueExceeding?: boolean;
        exponentialBackoff?: boolean;
      },
    ) {
      super(
        new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace),
        new LocalStore(options.continueExceeding, options.exponentialBackoff),
        redis,
      );
    }
  };
}
