import { RedisAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';
import type { Namespace } from 'socket.io';
import { redisReady } from './redis-link';

/** PostgreSQL's channel for live events while Redis is down (one per database, so per shop). */
const PG_CHANNEL = 'shop_realtime';
/** NOTIFY's payload limit is 8 000 bytes; base64 and the envelope take their share of it. */
const MAX_NOTIFY_BYTES = 7_900;
const RECONNECT_MS = 2_000;

type Publish = (channel: string, message: Buffer | string) => Promise<void>;
type Deliver = (channel: string, message: Buffer) => void;

/**
 * Live events between shop instances through PostgreSQL's LISTEN/NOTIFY: the same messages the
 * Redis adapter and emitter publish, carried while Redis is down. Every instance listens all the
 * time, so an event sent through either way reaches every other instance; each message goes one way
 * only, so none arrives twice. `key` keeps shops (or tests) sharing one database apart.
 */
export function createPgRelay(url: string, key: string, log: FastifyBaseLogger) {
  const receivers = new Set<Deliver>();
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let failed = false;

  const listen = async () => {
    const fresh = new pg.Client({ connectionString: url, application_name: 'shop-realtime' });
    const retry = () => {
      if (client === fresh) client = undefined;
      fresh.end().catch(() => undefined);
      if (!closed && !timer)
        timer = setTimeout(() => ((timer = undefined), void listen()), RECONNECT_MS);
    };
    fresh.on('error', retry);
    fresh.on('end', retry);
    fresh.on('notification', ({ payload }) => {
      if (!payload) return;
      try {
        const { k, c, d } = JSON.parse(payload) as { k: string; c: string; d: string };
        if (k !== key) return;
        const message = Buffer.from(d, 'base64');
        for (const deliver of receivers) deliver(c, message);
      } catch (err) {
        log.warn({ err }, 'unreadable live event from PostgreSQL');
      }
    });
    try {
      await fresh.connect();
      await fresh.query(`listen ${PG_CHANNEL}`);
      client = fresh;
      if (failed) log.info('live events: listening on PostgreSQL again');
      failed = false;
    } catch (err) {
      if (!failed) log.warn({ err }, 'live events: PostgreSQL not reachable; retrying');
      failed = true;
      retry();
    }
  };

  const publish = async (
    query: (text: string, values: unknown[]) => Promise<unknown>,
    channel: string,
    message: Buffer | string,
  ) => {
    const data = Buffer.from(message).toString('base64');
    const payload = JSON.stringify({ k: key, c: channel, d: data });
    if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
      log.warn(
        { channel, bytes: payload.length },
        'live event too large for PostgreSQL; sent to this instance only',
      );
      return;
    }
    await query('select pg_notify($1, $2)', [PG_CHANNEL, payload]);
  };

  return {
    start: listen,
    publish,
    onMessage(deliver: Deliver) {
      receivers.add(deliver);
      return () => void receivers.delete(deliver);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * Makes a Redis client's `publish` (all the adapter and emitter call to send) go to Redis while it is
 * up and to `fallback` otherwise, and never reject: the adapter does not await it, and a rejection
 * there was the unhandled one that stopped the shop when Redis went away.
 */
export function publishWithFallback(
  client: Redis,
  fallback: Publish | undefined,
  log: FastifyBaseLogger,
) {
  // Bound now: the property is replaced below, and the wrapper must not call itself.
  const original = client.publish.bind(client);
  const viaRedis = (channel: string, message: Buffer | string) =>
    typeof message === 'string' ? original(channel, message) : original(channel, message);
  const send: Publish = async (channel, message) => {
    if (redisReady(client)) {
      try {
        await viaRedis(channel, message);
        return;
      } catch {
        // Fell over mid-command: the other way.
      }
    }
    await fallback?.(channel, message);
  };
  Object.assign(client, {
    publish: (channel: string, message: Buffer | string) =>
      send(channel, message).catch((err: unknown) => log.warn({ err }, 'live event not sent')),
  });
}

/** Subscribing is queued until Redis is up; a shutdown before then must not reject unhandled. */
export function quietSubscriptions(client: Redis) {
  for (const name of ['psubscribe', 'subscribe', 'punsubscribe', 'unsubscribe'] as const) {
    const original = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(client, {
      [name]: (...args: unknown[]) => original(...args).catch(() => undefined),
    });
  }
}

/**
 * The Redis adapter, also fed by the PostgreSQL relay, and counting only itself while Redis is down
 * (fetchSockets and serverSideEmit then answer from this instance instead of failing).
 */
export function adapterWithFallback(
  pub: Redis,
  sub: Redis,
  opts: { key: string },
  relay: ReturnType<typeof createPgRelay> | undefined,
) {
  // socket.io calls it with `new`, so a function, not an arrow (as the library's createAdapter).
  return function createFallbackAdapter(nsp: Namespace) {
    const adapter = new (class extends RedisAdapter {
      override async serverCount(): Promise<number> {
        if (!redisReady(pub)) return 1;
        return super.serverCount().catch(() => 1);
      }
    })(nsp, pub, sub, opts);
    const requestPrefix = `${opts.key}-request#`;
    const responsePrefix = `${opts.key}-response#`;
    // The adapter's own handlers of what Redis delivers (private in its typings, stable in 8.x).
    const handle = (name: 'onmessage' | 'onrequest', ...args: unknown[]): unknown =>
      Reflect.apply(Reflect.get(adapter, name) as (...rest: unknown[]) => unknown, adapter, args);
    relay?.onMessage((channel, message) => {
      if (channel.startsWith(requestPrefix) || channel.startsWith(responsePrefix)) {
        void Promise.resolve(handle('onrequest', channel, message)).catch(() => undefined);
      } else {
        handle('onmessage', null, channel, message);
      }
    });
    return adapter;
  };
}
