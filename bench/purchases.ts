/**
 * Purchases per second from 50 concurrent buyers through the whole shop, beside pgbench's
 * TPC-B-like transactions per second on the same PostgreSQL in the same run. Lines: one shop
 * process on PostgreSQL, two shop processes on PostgreSQL (and Redis when BENCH_REDIS_URL is set),
 * and the embedded database (PGlite, no Redis). With BENCH_PG_LOG (the server's log file, read
 * through pg_read_file) it also counts the statements PostgreSQL logs for one purchase.
 * BENCH_LINES picks lines; BENCH_CPU_PROF_DIR writes `node --cpu-prof` profiles of the shop
 * processes there.
 * Loopback only; bounded in time. Needs BENCH_DATABASE_URL (an admin URL).
 */
import { execFile, execFileSync, fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startRustSim } from '@shop/rust-sim';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { addProduct, addServer, fund } from '../apps/server/src/test-support/shop-fixtures';
import { createAccount } from '../apps/server/src/test-support/sign-in';

const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL=postgres://… (a server on loopback)');
const redisUrl = process.env.BENCH_REDIS_URL;
const loopback = /@(127\.0\.0\.1|localhost)[:/]|^redis:\/\/(127\.0\.0\.1|localhost)[:/]/;
if (!loopback.test(adminUrl) || (redisUrl && !loopback.test(redisUrl)))
  throw new Error('benchmarks target loopback only');
const pgLog = process.env.BENCH_PG_LOG;
/** A folder for `node --cpu-prof` profiles of the shop processes. */
const profileDir = process.env.BENCH_CPU_PROF_DIR;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const BUYERS = 50;
const FUNDS_EACH = 1_000_000; // roubles: far beyond what the run can spend

async function withDatabase(name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return databaseUrl(name);
}

function databaseUrl(name: string) {
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return (await admin.query<T>(text, values)).rows;
  } finally {
    await admin.end();
  }
}

const pgbenchBin = () =>
  execFileSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1'])
    .toString()
    .trim();

/** pgbench's transactions per second for `args` (its built-in TPC-B-like load, or a script). */
function pgbenchTps(url: string, args: string[] = []): number {
  const out = execFileSync(`${pgbenchBin()}/pgbench`, [
    ...args,
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

/**
 * The purchase statement alone, sent by pgbench's 50 clients to the 1-process line's database
 * (its buyers, product and server): the most purchases per second this PostgreSQL can take, with no
 * HTTP and no Node in the way.
 */
function statementTps(url: string): number {
  const script = path.join(mkdtempSync(path.join(tmpdir(), 'shop-bench-')), 'buy.sql');
  writeFileSync(
    script,
    `\\set uid random(2, ${BUYERS + 1})
select outcome from orders_buy_one((select token_hash from sessions where user_id = :uid limit 1),
  :uid, null, null, 1, (select date_trunc('milliseconds', updated_at) from products where id = 1),
  1, 1::smallint, 'Bench', gen_random_uuid(), 1, 1, 100, 100, 'Дерево', null, 'Покупка: Дерево',
  '76561198000000000', 'plugin', jsonb_build_object('kind', 'give'),
  jsonb_build_object('success', true));
`.replace(/\n {2}/g, ' '),
  );
  try {
    return pgbenchTps(url, ['-n', '-M', 'prepared', '-f', script]);
  } finally {
    rmSync(path.dirname(script), { recursive: true, force: true });
  }
}

const game = await startRustSim({ consoleIntervalMs: null, chatIntervalMs: null });
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DEMO: '0',
  PURCHASE_LIMIT_PER_MINUTE: '1000000',
});

/** A shop on `database` in this process, with a server, a product and 50 funded buyers. */
async function openShop(database: Database) {
  const app = await buildApp({
    config,
    database,
    rateLimitMax: 100_000_000,
    reconcileIntervalMs: false,
    gameServers: { monitorIntervalMs: false },
    delivery: { autostart: false },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const shop = { app };
  const admin = await createAccount(app, config, 'admin');
  // Plugin delivery: jobs wait for the game's plugin, so the run measures the purchase itself.
  const serverId = await addServer(
    shop,
    admin.headers,
    { name: 'Bench', isPluginEnabled: 1 },
    game,
  );
  const productId = await addProduct(shop, admin.headers, {
    name: 'Дерево',
    gameItemName: 'wood',
    price: 1,
  });
  const vipId = await addProduct(shop, admin.headers, {
    name: 'VIP',
    gameItemName: 'vip',
    category: 'vip',
    price: 1,
    vipTier: 'Gold',
    vipDays: 1,
  });
  const tokens: string[] = [];
  for (let i = 0; i < BUYERS; i += 1) {
    const buyer = await createAccount(app, config);
    await fund(shop, buyer.id, FUNDS_EACH);
    tokens.push(buyer.token);
  }
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return { app, base, serverId, productId, vipId, tokens };
}

type Shop = Awaited<ReturnType<typeof openShop>>;

const { REDIS_URL: _inherited, ...withoutRedis } = process.env;

/** Shop processes of their own on the database at `url` (bench/purchase-shop.ts). */
async function startShopProcesses(count: number, url: string, redis?: string) {
  const children = await Promise.all(
    Array.from({ length: count }, async () => {
      const child = fork('bench/purchase-shop.ts', {
        execArgv: [
          '--import',
          'tsx',
          ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
        ],
        env: {
          ...withoutRedis,
          DATABASE_URL: url,
          ...(redis ? { REDIS_URL: redis } : {}),
          PURCHASE_LIMIT_PER_MINUTE: '1000000',
        },
      });
      const port = await new Promise<number>((resolve, reject) => {
        child.once('message', (message: { port: number }) => resolve(message.port));
        child.once('exit', (code) => reject(new Error(`shop process exited with ${code}`)));
      });
      return { child, base: `http://127.0.0.1:${port}` };
    }),
  );
  /** CPU time (user + system, ms) the shop processes have used so far. */
  const cpuMs = async () => {
    const each = await Promise.all(
      children.map(
        ({ child }) =>
          new Promise<number>((resolve) => {
            child.once('message', (message: { cpuMicros: NodeJS.CpuUsage }) =>
              resolve((message.cpuMicros.user + message.cpuMicros.system) / 1000),
            );
            child.send('cpu');
          }),
      ),
    );
    return each.reduce((sum, ms) => sum + ms, 0);
  };
  return {
    cpuMs,
    bases: children.map((entry) => entry.base),
    stop: () =>
      Promise.all(
        children.map(
          ({ child }) =>
            new Promise((resolve) => {
              child.removeAllListeners('exit');
              child.once('exit', resolve);
              child.kill('SIGTERM');
            }),
        ),
      ),
  };
}

function runLoad(bases: string[], shop: Shop) {
  return new Promise<{ done: number; refused: number; p99Ms: number }>((resolve, reject) => {
    const input = JSON.stringify({
      bases,
      tokens: shop.tokens,
      productId: shop.productId,
      serverId: shop.serverId,
      seconds,
    });
    execFile(
      process.execPath,
      ['--import', 'tsx', 'bench/purchase-load.ts', input],
      (error, stdout) =>
        error
          ? reject(new Error('The load processes failed', { cause: error }))
          : resolve(JSON.parse(stdout)),
    );
  });
}

/** Every balance equals its ledger and none is below zero. */
async function checkMoney(app: FastifyInstance) {
  const [row] = await app.dbRun<{ negative: string; mismatched: string }>({
    name: 'bench_money_check',
    text: `select count(*) filter (where u.balance_kopecks < 0) as negative,
      count(*) filter (where u.balance_kopecks <> coalesce(t.sum, 0)) as mismatched
      from users u left join (select user_id, sum(amount_kopecks) as sum from transactions
      group by user_id) t on t.user_id = u.id`,
    values: [],
  });
  return { overdrafts: Number(row?.negative ?? -1), mismatches: Number(row?.mismatched ?? -1) };
}

interface Line {
  line: string;
  purchases: number;
  refused: number;
  perSecond: number;
  p99Ms: number;
  /** CPU time of the shop processes per request (PGlite's included on that line). */
  cpuPerPurchaseMs: number;
  overdrafts: number;
  mismatches: number;
}

async function postgresLine(label: string, processes: number, redis?: string): Promise<Line> {
  const url = await withDatabase(`shop_bench_${processes}`);
  const database = await openDatabase({ url });
  const shop = await openShop(database);
  const shops = await startShopProcesses(processes, url, redis);
  const cpuBefore = await shops.cpuMs();
  const load = await runLoad(shops.bases, shop);
  const cpuPerPurchaseMs = (await shops.cpuMs()) - cpuBefore;
  await shops.stop();
  const money = await checkMoney(shop.app);
  await shop.app.close();
  await database.close();
  return {
    line: label,
    ...load,
    purchases: load.done,
    perSecond: load.done / seconds,
    cpuPerPurchaseMs: cpuPerPurchaseMs / Math.max(load.done + load.refused, 1),
    ...money,
  };
}

async function pgliteLine(): Promise<Line> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const database = await openDatabase({ dataDir });
  const shop = await openShop(database);
  const cpuBefore = process.cpuUsage();
  const load = await runLoad([shop.base], shop);
  const cpu = process.cpuUsage(cpuBefore);
  const money = await checkMoney(shop.app);
  await shop.app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  const line = 'PGlite (embedded), 1 process';
  return {
    line,
    ...load,
    purchases: load.done,
    perSecond: load.done / seconds,
    // The embedded database runs inside the shop process: its CPU is in this figure too.
    cpuPerPurchaseMs: (cpu.user + cpu.system) / 1000 / Math.max(load.done + load.refused, 1),
    ...money,
  };
}

/**
 * Statements PostgreSQL logs (log_statement = 'all' on the bench database only) for one purchase
 * after the shop has served that buyer once: the common product, and a VIP product (full path).
 */
async function statementCounts(logFile: string) {
  const url = await withDatabase('shop_bench_log');
  const database = await openDatabase({ url });
  const shop = await openShop(database);
  await adminQuery(`ALTER DATABASE shop_bench_log SET log_statement = 'all'`);
  const shops = await startShopProcesses(1, url);
  const buy = (productId: number) =>
    fetch(`${shops.bases[0]}/api/purchase`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${shop.tokens[0]}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ productId, serverId: shop.serverId, quantity: 1 }),
    }).then((reply) => reply.status);
  const logSize = async () =>
    Number(
      (await adminQuery<{ size: string }>('select size from pg_stat_file($1)', [logFile]))[0]?.size,
    );
  const count = async (productId: number) => {
    await buy(productId); // warms the session, the catalogue and the prepared statement
    const from = await logSize();
    const status = await buy(productId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const to = await logSize();
    const [row] = await adminQuery<{ text: string }>('select pg_read_file($1, $2, $3) as text', [
      logFile,
      from,
      to - from,
    ]);
    const lines = (row?.text ?? '')
      .split('\n')
      .filter((l) => /LOG: {2}(statement|execute)/.test(l));
    if (status !== 200) throw new Error(`purchase answered ${status}`);
    return lines.length;
  };
  const common = await count(shop.productId);
  const vip = await count(shop.vipId);
  await shops.stop();
  await adminQuery(`ALTER DATABASE shop_bench_log RESET log_statement`);
  await shop.app.close();
  await database.close();
  return { common, vip };
}

/** BENCH_LINES picks some of: pg1, pg2, pglite (default all). */
const picked = new Set((process.env.BENCH_LINES ?? 'pg1,pg2,pglite').split(','));
const lines: Line[] = [];
if (picked.has('pg1')) lines.push(await postgresLine('PostgreSQL, 1 process', 1));
if (picked.has('pg2')) {
  const label = `PostgreSQL, 2 processes${redisUrl ? ' + Redis' : ''}`;
  lines.push(await postgresLine(label, 2, redisUrl));
}
if (picked.has('pglite')) lines.push(await pgliteLine());
const statements = pgLog ? await statementCounts(pgLog) : null;
await game.close();
const pgbenchUrl = await withDatabase('pgbench_bench');
execFileSync(`${pgbenchBin()}/pgbench`, ['-i', '-q', '-s', '5', pgbenchUrl], { stdio: 'ignore' });
const tps = pgbenchTps(pgbenchUrl);
const statementAlone = picked.has('pg1') ? statementTps(databaseUrl('shop_bench_1')) : null;

console.log(`${seconds} s, ${BUYERS} buyers; pgbench: ${Math.round(tps)} tps`);
console.error(JSON.stringify(lines));
console.log(
  '| line | purchases/s | p99 | ratio to pgbench | shop CPU per purchase | overdrafts | ledger mismatches |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const line of lines) {
  console.log(
    `| ${line.line} | ${Math.round(line.perSecond)} | ${line.p99Ms} ms | ${(line.perSecond / tps).toFixed(2)} | ${line.cpuPerPurchaseMs.toFixed(2)} ms | ${line.overdrafts} | ${line.mismatches} |`,
  );
  if (line.refused > 0) console.log(`  (${line.refused} refused)`);
}
if (statementAlone !== null) {
  console.log(
    `| the purchase statement alone (pgbench, no HTTP, no Node) | ${Math.round(statementAlone)} | | ${(statementAlone / tps).toFixed(2)} | | | |`,
  );
}
if (statements) {
  console.log(
    `statements PostgreSQL logged for one purchase: ${statements.common} (one product), ${statements.vip} (VIP product, full path)`,
  );
}
