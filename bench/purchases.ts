/**
 * Purchases per second from 50 concurrent buyers through the whole shop on PostgreSQL, beside
 * pgbench's TPC-B-like transactions per second on the same server in the same run. Each purchase is
 * one HTTP request doing a conditional debit, an order, its item, a ledger row and a delivery job in
 * one transaction. Loopback only; bounded in time. Needs BENCH_DATABASE_URL (an admin URL).
 */
import { execFile, execFileSync } from 'node:child_process';
import { startRustSim } from '@shop/rust-sim';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { addProduct, addServer, fund } from '../apps/server/src/test-support/shop-fixtures';
import { createAccount } from '../apps/server/src/test-support/sign-in';

const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL=postgres://… (a server on loopback)');
if (!/@(127\.0\.0\.1|localhost)[:/]/.test(adminUrl))
  throw new Error('benchmarks target loopback only');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const BUYERS = 50;
const PURCHASES_EACH = 1_000_000; // funds far beyond what the run can spend, plus an exact-limit buyer

async function withDatabase(name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

function pgbenchTps(url: string): number {
  const bin = execFileSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1'])
    .toString()
    .trim();
  execFileSync(`${bin}/pgbench`, ['-i', '-q', '-s', '5', url], { stdio: 'ignore' });
  const out = execFileSync(`${bin}/pgbench`, [
    '-c',
    String(BUYERS),
    '-j',
    '2',
    '-T',
    String(seconds),
    url,
  ]).toString();
  const match = /tps = ([\d.]+)/.exec(out);
  if (!match?.[1]) throw new Error(`no tps in pgbench output:\n${out}`);
  return Number(match[1]);
}

const shopUrl = await withDatabase('shop_bench');
const database = await openDatabase({ url: shopUrl });
const game = await startRustSim({ consoleIntervalMs: null, chatIntervalMs: null });
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO: '0' });
const app = await buildApp({
  config,
  database,
  rateLimitMax: 100_000_000,
  reconcileIntervalMs: false,
  gameServers: { monitorIntervalMs: false },
  delivery: { autostart: false },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const shop = { app };
const admin = await createAccount(app, config, 'admin');
// Plugin delivery: jobs wait for the game's plugin, so the run measures the purchase itself.
const serverId = await addServer(shop, admin.headers, { name: 'Bench', isPluginEnabled: 1 }, game);
const productId = await addProduct(shop, admin.headers, {
  name: 'Дерево',
  gameItemName: 'wood',
  price: 1,
});
const buyers: Array<Awaited<ReturnType<typeof createAccount>>> = [];
for (let i = 0; i < BUYERS; i += 1) {
  const buyer = await createAccount(app, config);
  await fund(shop, buyer.id, PURCHASES_EACH);
  buyers.push(buyer);
}

const load = await new Promise<{ done: number; refused: number; p99Ms: number }>(
  (resolve, reject) => {
    const input = JSON.stringify({
      base,
      tokens: buyers.map((buyer) => buyer.token),
      productId,
      serverId,
      seconds,
    });
    execFile(
      process.execPath,
      ['--import', 'tsx', 'bench/purchase-load.ts', input],
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout))),
    );
  },
);
const { done, refused } = load;
const purchasesPerSecond = done / seconds;

const [check] = (
  (await database.db.execute(
    // Every balance equals its ledger and none is below zero.
    'select count(*) filter (where u.balance_kopecks < 0) as negative, count(*) filter (where u.balance_kopecks <> coalesce(t.sum, 0)) as mismatched from users u left join (select user_id, sum(amount_kopecks) as sum from transactions group by user_id) t on t.user_id = u.id' as never,
  )) as unknown as { rows: Array<{ negative: string; mismatched: string }> }
).rows;

await app.close();
await database.close();
await game.close();

const tps = pgbenchTps(await withDatabase('pgbench_bench'));
console.log(
  JSON.stringify(
    {
      seconds,
      buyers: BUYERS,
      purchases: done,
      refused,
      purchasesPerSecond: Math.round(purchasesPerSecond),
      p99Ms: load.p99Ms,
      pgbenchTps: Math.round(tps),
      ratio: Math.round((purchasesPerSecond / tps) * 100) / 100,
      overdrafts: Number(check?.negative ?? -1),
      ledgerMismatches: Number(check?.mismatched ?? -1),
    },
    null,
    2,
  ),
);
