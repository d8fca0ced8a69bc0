import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { createPostgresTestDatabase } from '../test-support/test-database';
import { waitUntil } from '../test-support/wait-until';
import databasePlugin from './database';
import leadershipPlugin from './leadership';

const postgresUrl = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** One shop process as far as leadership goes: its database pool, the plugin, and a job it runs. */
async function startProcess(database: Database, retryMs = 200) {
  const app: FastifyInstance = Fastify();
  await app.register(databasePlugin, { database });
  await app.register(leadershipPlugin, { databaseUrl: database.url, retryMs });
  const job = { starts: 0, stops: 0 };
  app.leadership.whileLeader('counting job', {
    start: () => void job.starts++,
    stop: () => void job.stops++,
  });
  const runs: number[] = [];
  app.leadership.every('quick task', 50, async () => void runs.push(Date.now()));
  await app.ready();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
  };
  cleanups.push(close);
  return { app, job, runs, close };
}

describe('leadership on the embedded database', () => {
  it('makes the one process the leader and runs its jobs until it closes', async () => {
    const database = await openDatabase({});
    cleanups.push(() => database.close());
    const shop = await startProcess(database);
    expect(shop.app.leadership.isLeader).toBe(true);
    expect(shop.job).toEqual({ starts: 1, stops: 0 });
    await waitUntil(() => shop.runs.length >= 3, { what: 'the periodic task to repeat' });
    await shop.close();
    expect(shop.job).toEqual({ starts: 1, stops: 1 });
    const ran = shop.runs.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(shop.runs.length).toBe(ran);
  });
});

describe.skipIf(!postgresUrl)('leadership on PostgreSQL', () => {
  async function twoProcesses() {
    const place = await createPostgresTestDatabase(postgresUrl!);
    cleanups.push(place.drop);
    const open = async () => {
      const database = await openDatabase({ url: place.url, onIdleError: () => undefined });
      cleanups.push(() => database.close());
      return startProcess(database);
    };
    return { place, first: await open(), second: await open() };
  }

  it('lets exactly one of two processes lead, and hands over when the leader closes', async () => {
    const { first, second } = await twoProcesses();
    // The first process took the lock while it started; the second found it taken.
    expect(first.app.leadership.isLeader).toBe(true);
    expect(second.app.leadership.isLeader).toBe(false);
    expect(second.job.starts).toBe(0);
    const secondRuns = second.runs.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(second.runs.length).toBe(secondRuns);

    await first.close();
    expect(first.job).toEqual({ starts: 1, stops: 1 });
    await waitUntil(() => second.app.leadership.isLeader, { what: 'the second process to lead' });
    expect(second.job).toEqual({ starts: 1, stops: 0 });
    await waitUntil(() => second.runs.length > secondRuns + 2, { what: 'tasks on the new leader' });
  });

  it('steps down when its dedicated connection is lost, and another process takes over', async () => {
    const { place, first, second } = await twoProcesses();
    expect(first.app.leadership.isLeader).toBe(true);

    // The database ends the leader's session, as a failover or a network cut would.
    const admin = new pg.Client({ connectionString: place.url });
    await admin.connect();
    cleanups.push(() => admin.end());
    const killed = await admin.query(
      `select pg_terminate_backend(pid) as done from pg_locks
        where locktype = 'advisory' and granted and database =
          (select oid from pg_database where datname = current_database())`,
    );
    expect(killed.rows).toEqual([{ done: true }]);

    await waitUntil(() => !first.app.leadership.isLeader || second.app.leadership.isLeader, {
      what: 'a change of leader',
    });
    await waitUntil(
      () => [first, second].filter((shop) => shop.app.leadership.isLeader).length === 1,
      { what: 'exactly one leader again' },
    );
    // The old leader's job was stopped before or as the new one started; one leader runs it now.
    const running = first.job.starts - first.job.stops + (second.job.starts - second.job.stops);
    expect(running).toBe(1);
    expect(first.job.stops).toBeGreaterThanOrEqual(1);
  });
});
