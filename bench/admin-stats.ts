/**
 * Latency of the admin Overview's three calls (`/api/admin/stats`, `/revenue-stats`,
 * `/payment-stats`) over a large history: 1 000 000 orders on PostgreSQL (BENCH_DATABASE_URL, an
 * admin URL on loopback) and 100 000 on the embedded PGlite. The history is generated inside the
 * database with generate_series, spread over 400 days, then each call is timed through the whole
 * shop (routing, auth, schema, serialisation). Loopback only; bounded by the number of runs.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { createAccount } from '../apps/server/src/test-support/sign-in';
import { freshPostgres } from './bench-postgres';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const CALLS = ['/api/admin/stats', '/api/admin/revenue-stats', '/api/admin/payment-stats'];

/** Users, orders (90% completed, 5% pending, 5% cancelled), paid top-ups and some refunds. */
async function seed(database: Database, orders: number) {
  const { db } = database;
  const users = Math.max(1000, Math.floor(orders / 50));
  await db.execute(sql`insert into users (steam_id, username, joined_at)
    select (76561198000000000 + n)::text, 'Player ' || n, now() - (random() * interval '400 days')
    from generate_series(1, ${users}) as n`);
  await db.execute(sql`insert into orders (user_id, server_id, total_kopecks, status, created_at)
    select 1 + (n % ${users}), 1 + (n % 3), (100 + (n::bigint * 7919) % 500000),
           case when n % 20 = 0 then 'pending' when n % 20 = 1 then 'cancelled' else 'completed' end,
           now() - (random() * interval '400 days')
    from generate_series(1, ${orders}) as n`);
  await db.execute(sql`insert into payments (user_id, amount_kopecks, method, email, status, paid_at, created_at)
    select 1 + (n % ${users}), 1000 + (n::bigint * 31) % 1500000, 'kassa', 'p@example.com',
           case when n % 10 = 0 then 'pending' else 'paid' end, t, t
    from (select n, now() - (random() * interval '400 days') as t
          from generate_series(1, ${Math.floor(orders / 5)}) as n) as s`);
  await db.execute(sql`insert into transactions (user_id, kind, amount_kopecks, description, method, order_id)
    select user_id, 'refund', total_kopecks / 2, 'Возврат', 'Возврат', id
    from orders where status = 'completed' limit ${Math.floor(orders / 1000)}`);
  // A table in service is vacuumed by autovacuum; a fresh bulk load is not yet.
  await db.execute(sql`vacuum analyze`);
}

async function timeCalls(database: Database) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = await buildApp({
    config,
    database,
    rateLimitMax: 1_000_000,
    gameServers: { monitorIntervalMs: false },
    reconcileIntervalMs: false,
    delivery: { autostart: false },
  });
  await app.ready();
  const admin = await createAccount(app, config, 'admin');
  const results: Record<string, { median: number; p95: number }> = {};
  for (const url of CALLS) {
    const times: number[] = [];
    for (let run = 0; run < RUNS + 3; run += 1) {
      const start = performance.now();
      const reply = await app.inject({ url, headers: admin.headers });
      const elapsed = performance.now() - start;
      if (reply.statusCode !== 200) throw new Error(`${url}: ${reply.statusCode} ${reply.body}`);
      if (run >= 3) times.push(elapsed); // the first runs warm caches and plans
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    results[url] = { median: Math.round(at(0.5) * 10) / 10, p95: Math.round(at(0.95) * 10) / 10 };
  }
  await app.close();
  return results;
}

async function run(label: string, database: Database, orders: number) {
  const started = performance.now();
  await seed(database, orders);
  const seeded = Math.round((performance.now() - started) / 1000);
  const results = await timeCalls(database);
  console.log(`\n${label}: ${orders.toLocaleString('en')} orders (seeded in ${seeded} s)`);
  for (const [url, { median, p95 }] of Object.entries(results)) {
    console.log(`  ${url.padEnd(28)} median ${median} ms, p95 ${p95} ms`);
  }
  await database.close();
}

const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const orders = Number(process.env.BENCH_PG_ORDERS ?? 1_000_000);
  await run(
    'PostgreSQL',
    await openDatabase({ url: await freshPostgres(pgUrl, 'bench_admin_stats') }),
    orders,
  );
} else {
  console.log('BENCH_DATABASE_URL not set: PostgreSQL part skipped.');
}
if (process.env.BENCH_SKIP_PGLITE !== '1') {
  await run('PGlite', await openDatabase({}), Number(process.env.BENCH_PGLITE_ORDERS ?? 100_000));
}
