/**
 * Purchases per second from 50 concurrent buyers through the whole shop, beside pgbench's
 * TPC-B-like transactions per second on the same PostgreSQL in the same run. Lines: one shop
 * process on PostgreSQL, two shop processes on PostgreSQL (and Redis when BENCH_REDIS_URL is set),
 * and the embedded database (PGlite, no Redis). With BENCH_PG_LOG (the server's log file, read
 * through pg_read_file) it also counts the statements PostgreSQL logs for one purchase.
 * Each PostgreSQL line runs twice: saturated (closed-loop buyers: purchases/s) and paced (the same
 * buyers open-loop at BENCH_PACED_RATE purchases/s in all, by default half pgbench's rate measured
 * first in the same run: the latency a crowd sees at the goal's throughput).
 * BENCH_LINES picks lines; BENCH_CPU_PROF_DIR writes `node --cpu-prof` profiles of the shop
 * processes there.
 * Loopback only; bounded in time. Needs BENCH_DATABASE_URL (an admin URL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startRustSim } from '@shop/rust-sim';
import { openDatabase } from '../apps/server/src/db/client';
import { databaseUrl, freshPostgres, pgbenchInit, pgbenchTps } from './bench-postgres';
import { BUYERS, checkMoney, openShop, runLoad, startShopProcesses } from './purchase-shops';
import { statementCounts, statementCpuMs, statementTps } from './purchase-statements';

const adminUrl = process.env.BENCH_DATABASE_URL ?? '';
if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL=postgres://… (a server on loopback)');
const redisUrl = process.env.BENCH_REDIS_URL;
const loopback = /@(127\.0\.0\.1|localhost)[:/]|^redis:\/\/(127\.0\.0\.1|localhost)[:/]/;
if (!loopback.test(adminUrl) || (redisUrl && !loopback.test(redisUrl)))
  throw new Error('benchmarks target loopback only');
const pgLog = process.env.BENCH_PG_LOG;
/** A folder for `node --cpu-prof` profiles of the shop processes. */
const profileDir = process.env.BENCH_CPU_PROF_DIR;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

// pgbench first: the paced lines run at a share of its rate.
const pgbenchUrl = await freshPostgres(adminUrl, 'pgbench_bench');
pgbenchInit(pgbenchUrl, 5);
const tps = pgbenchTps(pgbenchUrl, { clients: BUYERS, seconds });
const pacedRate = Math.round(Number(process.env.BENCH_PACED_RATE ?? tps / 2));

const game = await startRustSim({ consoleIntervalMs: null, chatIntervalMs: null });

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
  /** The same buyers open-loop at pacedRate purchases/s (PostgreSQL lines). */
  paced?: { perSecond: number; p50Ms: number; p99Ms: number; refused: number };
}

async function postgresLine(label: string, processes: number, redis?: string): Promise<Line> {
  const url = await freshPostgres(adminUrl, `shop_bench_${processes}`);
  const database = await openDatabase({ url });
  const shop = await openShop(database, game);
  const shops = await startShopProcesses(processes, url, { redis, profileDir });
  const cpuBefore = await shops.cpuMs();
  const load = await runLoad(shops.bases, shop, seconds);
  const cpuMs = (await shops.cpuMs()) - cpuBefore;
  const paced = await runLoad(shops.bases, shop, seconds, pacedRate);
  await shops.stop();
  const money = await checkMoney(shop.app);
  await shop.app.close();
  await database.close();
  return {
    line: label,
    ...load,
    purchases: load.done,
    perSecond: load.done / seconds,
    cpuPerPurchaseMs: cpuMs / Math.max(load.done + load.refused, 1),
    ...money,
    // Answered purchases over the time they took: below the pace when the shop fell behind.
    paced: { ...paced, perSecond: (1000 * paced.done) / Math.max(paced.elapsedMs ?? 0, 1) },
  };
}

async function pgliteLine(): Promise<Line> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const database = await openDatabase({ dataDir });
  const shop = await openShop(database, game);
  const cpuBefore = process.cpuUsage();
  const load = await runLoad([shop.base], shop, seconds);
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

/** BENCH_LINES picks some of: pg1, pg2, pglite (default all). */
const picked = new Set((process.env.BENCH_LINES ?? 'pg1,pg2,pglite').split(','));
const lines: Line[] = [];
if (picked.has('pg1')) lines.push(await postgresLine('PostgreSQL, 1 process', 1));
if (picked.has('pg2')) {
  const label = `PostgreSQL, 2 processes${redisUrl ? ' + Redis' : ''}`;
  lines.push(await postgresLine(label, 2, redisUrl));
}
if (picked.has('pglite')) lines.push(await pgliteLine());
const statements = pgLog ? await statementCounts(adminUrl, pgLog, game) : null;
await game.close();
const statementAlone = picked.has('pg1')
  ? statementTps(databaseUrl(adminUrl, 'shop_bench_1'), seconds)
  : null;
const statementCpu = picked.has('pg1')
  ? await statementCpuMs(databaseUrl(adminUrl, 'shop_bench_1'))
  : null;

console.log(
  `${seconds} s, ${BUYERS} buyers; pgbench: ${Math.round(tps)} tps; paced lines at ${pacedRate} purchases/s`,
);
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
  if (line.paced) {
    console.log(
      `| ${line.line}, paced at ${pacedRate}/s | ${Math.round(line.paced.perSecond)} | ${line.paced.p99Ms} ms (median ${line.paced.p50Ms} ms) | | | | |`,
    );
    if (line.paced.refused > 0) console.log(`  (${line.paced.refused} refused)`);
  }
}
if (statementAlone !== null) {
  console.log(
    `| the purchase statement alone (pgbench, no HTTP, no Node) | ${Math.round(statementAlone)} | | ${(statementAlone / tps).toFixed(2)} | | | |`,
  );
}
if (statementCpu) {
  console.log(
    `PostgreSQL CPU per purchase statement (one connection): ${statementCpu.min.toFixed(2)} ms fastest round, ${statementCpu.median.toFixed(2)} ms median`,
  );
}
if (statements) {
  console.log(
    `statements PostgreSQL logged for one purchase: ${statements.common} (one product), ${statements.vip} (VIP product, full path)`,
  );
}
