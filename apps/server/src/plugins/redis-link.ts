import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/** How long a start waits for Redis before it serves without it (it keeps trying afterwards). */
const FIRST_CONNECT_WAIT_MS = 2_000;

/**
 * A Redis connection the shop can live without: it is never awaited into a crash. ioredis keeps
 * reconnecting by itself (its default retry strategy, forever), and this logs only the changes
 * (down once, back once) instead of one error per retry.
 */
export function openRedisLink(
  url: string,
  name: string,
  log: FastifyBaseLogger,
  options: RedisOptions = {},
): Redis {
  const client = new Redis(url, {
    // Never queue a command while down: callers fall back at once (memory limits, PostgreSQL).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    ...options,
  });
  let down = false;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ redis: name, reason: err.message }, 'Redis unreachable; serving without it');
  });
  client.on('ready', () => {
    if (down) log.info({ redis: name }, 'Redis reachable again');
    down = false;
  });
  return client;
}

/** Waits a moment for the first connection, so a healthy start uses Redis from its first request. */
export async function firstConnection(clients: Redis[]): Promise<void> {
  const ready = (client: Redis) =>
    new Promise<void>((resolve) => {
      if (client.status === 'ready') resolve();
      // Not events.once: it rejects on the 'error' a down Redis emits at every retry.
      else client.once('ready', () => resolve());
    });
  let timer: NodeJS.Timeout | undefined;
  const wait = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_CONNECT_WAIT_MS);
  });
  await Promise.race([Promise.all(clients.map(ready)), wait]);
  clearTimeout(timer);
}

/** Whether a command sent now would reach Redis. */
export const redisReady = (client: Redis | undefined): client is Redis =>
  client?.status === 'ready';

/** Closes a link whatever its state, never throwing (a shutdown with Redis down still ends). */
export async function closeRedisLink(client: Redis): Promise<void> {
  if (client.status === 'ready') await client.quit().catch(() => undefined);
  client.disconnect();
}
