import { createHash } from 'node:crypto';
import {
  errorMessages,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyHeadersSchema,
  idempotencyKeySchema,
} from '@shop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { DEADLOCK_DETECTED, sqlStateOf } from '../../db/execute';
import { badRequest, HttpError } from '../../plugins/errors';
import { createIdempotencyRepository } from './idempotency-repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A money call: it accepts an Idempotency-Key and does its work through app.idempotency.run. */
    idempotent?: boolean;
  }
  interface FastifyInstance {
    idempotency: {
      /**
       * Runs a money call's work in one transaction with its Idempotency-Key: the first request with
       * a key does the work and stores the reply beside it; a repeat gets that reply back (marked
       * `Idempotent-Replayed: true`) and changes nothing. `afterCommit` (socket events, waking a
       * worker) runs only for the request that did the work. Without a key, the work simply runs.
       */
      run<T>(
        request: FastifyRequest,
        reply: FastifyReply,
        work: (tx: Db) => Promise<T>,
        afterCommit?: (body: T) => void,
      ): Promise<T>;
      /**
       * For work that claims its key in its own statement: the request's validated key and the
       * hash of what it asks (400 for a malformed key), or undefined without one.
       */
      keyOf(request: FastifyRequest): { key: string; hash: string } | undefined;
      /** Sends a stored reply as a replay: its status and `Idempotent-Replayed: true`. */
      replay(reply: FastifyReply, status: number): void;
      /** The refusal of a key used before for another request (422). */
      mismatch(): HttpError;
      prune(): Promise<number>;
    };
  }
}

const KEY_LIFETIME_HOURS = 24;

/** Built once: a schema built per request costs more than the check itself. */
const optionalKey = idempotencyKeySchema.optional();

const mismatch = () => new HttpError(422, 'unprocessable', errorMessages.idempotencyMismatch);

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? request.url}\n`)
    .update(JSON.stringify(request.params ?? null))
    .update('\n')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
}

type Outcome<T> = { replayed: false; body: T } | { replayed: true; status: number; body: T };

async function idempotencyPlugin(
  app: FastifyInstance,
  options: { pruneIntervalMs: number | false },
) {
  const repo = createIdempotencyRepository(app.db);

  // Money routes declare the header in their schema, so it is validated and in the OpenAPI document.
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    route.schema = { ...route.schema, headers: route.schema?.headers ?? idempotencyHeadersSchema };
  });

  function parseKey(request: FastifyRequest): string | undefined {
    const parsedKey = optionalKey.safeParse(request.headers['idempotency-key']);
    if (!parsedKey.success) throw badRequest(parsedKey.error.issues[0]?.message ?? '');
    return parsedKey.data;
  }

  function replay(reply: FastifyReply, status: number) {
    reply.status(status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  }

  async function run<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (tx: Db) => Promise<T>,
    afterCommit?: (body: T) => void,
  ): Promise<T> {
    const key = parseKey(request);
    const userId = request.user?.id;
    if (key !== undefined && userId === undefined) {
      throw new Error('idempotent routes run after authentication');
    }
    const attempt = () =>
      app.db.transaction(async (tx): Promise<Outcome<T>> => {
        if (key === undefined || userId === undefined)
          return { replayed: false, body: await work(tx) };
        const keys = createIdempotencyRepository(tx);
        const hash = requestHash(request);
        if (!(await keys.claim(userId, key, hash))) {
          const stored = await keys.find(userId, key);
          if (!stored || stored.requestHash !== hash) throw mismatch();
          // Written as the work's own reply in the transaction that did the work.
          return { replayed: true, status: stored.statusCode ?? 200, body: stored.replyBody as T };
        }
        const body = await work(tx);
        await keys.complete(userId, key, reply.statusCode, body);
        return { replayed: false, body };
      });
    let outcome: Outcome<T>;
    try {
      outcome = await attempt();
    } catch (error) {
      // A one-statement purchase with the same key locks the buyer's row before it stores the key,
      // while this claims the key first: PostgreSQL breaks such a deadlock by rolling one of the
      // two back. Rolled back, this request runs again and finds the key stored or free.
      if (sqlStateOf(error) !== DEADLOCK_DETECTED) throw error;
      outcome = await attempt();
    }
    if (outcome.replayed) {
      replay(reply, outcome.status);
    } else {
      afterCommit?.(outcome.body);
    }
    return outcome.body;
  }

  app.decorate('idempotency', {
    run,
    keyOf(request: FastifyRequest) {
      const key = parseKey(request);
      return key === undefined ? undefined : { key, hash: requestHash(request) };
    },
    replay,
    mismatch,
    prune: () => repo.pruneOlderThan(KEY_LIFETIME_HOURS),
  });

  if (options.pruneIntervalMs) {
    app.leadership.every('idempotency key cleanup', options.pruneIntervalMs, () =>
      repo.pruneOlderThan(KEY_LIFETIME_HOURS),
    );
  }
}

export default fp(idempotencyPlugin, {
  name: 'idempotency',
  dependencies: ['database', 'leadership'],
});
