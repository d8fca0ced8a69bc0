/**
 * What `npm run backup` costs purchases: the purchase benchmark's 50 closed-loop buyers
 * (bench/purchase-load.ts) for BENCH_SECONDS, after a round not counted, in rounds that alternate without and with a backup (plain rounds on both sides of each backup round),
 * started BENCH_BACKUP_AFTER seconds in, by the real command (`npm run backup`) as an owner runs
 * it. Lines: the embedded database (the shop in this process, the backup through its control
 * socket) and, with BENCH_DATABASE_URL, PostgreSQL (the shop a process of its own, the backup over
 * its own connection). The shop first gets BENCH_SEED_ORDERS orders of history (and a tenth as many
 * players), so that the backup has a shop's worth of rows to write. A round with a backup lasts until
 * the backup is done, so all of its cost is counted. BENCH_LINES picks lines (pglite, pg);
 * BENCH_IDLE_SNAPSHOT=N holds an idle snapshot for N s instead of PostgreSQL's backup (what the
 * snapshot alone costs).
 * Loopback only; bounded in time.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startRustSim } from '@shop/rust-sim';
import { openDatabase } from '../apps/server/src/db/client';
import { sidecarOf } from '../apps/server/src/modules/backups/backup-files';
import { freshPostgres } from './bench-postgres';
import { seedHistory } from './backup-seed';
import { checkMoney, openShop, runLoad, startShopProcesses, type Shop } from './purchase-shops';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
// Eight backups: single rounds move by ±15 % on two shared cores, so three cannot tell 5 % from 12 %.
const rounds = Number(process.env.BENCH_ROUNDS ?? 8);
const backupAfterMs = Number(process.env.BENCH_BACKUP_AFTER ?? 2) * 1000;
const seedOrders = Number(process.env.BENCH_SEED_ORDERS ?? 10_000);
const adminUrl = process.env.BENCH_DATABASE_URL;
/** With BENCH_IDLE_SNAPSHOT=N, PostgreSQL's backup rounds hold an idle snapshot N s instead. */
const idleSnapshotMs = Number(process.env.BENCH_IDLE_SNAPSHOT ?? 0) * 1000;
if (adminUrl && !/@(127\.0\.0\.1|localhost)[:/]/.test(adminUrl)) {
  throw new Error('benchmarks target loopback only');
}

const game = await startRustSim({ consoleIntervalMs: null, chatIntervalMs: null });

/** `npm run backup` as an owner runs it; resolves with its wall time once it has exited. */
function runBackup(env: Record<string, string>, out: string): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'backup', '--', '--out', out], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(Date.now() - started) : reject(new Error(`backup exited ${code}`)),
    );
  });
}

interface Round {
  withBackup: boolean;
  /** The load's length: `seconds`, or longer while the backup was still running. */
  seconds: number;
  perSecond: number;
  p99Ms: number;
  backupMs?: number;
  /** PostgreSQL: how long the backup's connection (and so its snapshot) was open. */
  snapshotMs?: number;
}

/** What a backup's snapshot alone costs: one held `idleSnapshotMs`, reading nothing, as 'shop-backup'. */
async function holdIdleSnapshot(url: string): Promise<number> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: url, application_name: 'shop-backup' });
  await client.connect();
  await client.query('begin isolation level repeatable read, read only');
  await client.query('select count(*) from users');
  await new Promise((resolve) => setTimeout(resolve, idleSnapshotMs));
  await client.query('commit');
  await client.end();
  return Date.now() - started;
}

/**
 * How long the backup's connection to PostgreSQL is open, seen every 100 ms from another one, until
 * `done` settles.
 */
async function watchSnapshot(url: string, done: Promise<unknown>): Promise<number> {
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  let first: number | undefined;
  let last: number | undefined;
  let finished = false;
  void done.finally(() => (finished = true));
  while (!finished) {
    const { rows } = await watcher.query(
      "select 1 from pg_stat_activity where application_name = 'shop-backup'",
    );
    if (rows.length > 0) {
      first ??= Date.now();
      last = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await watcher.end();
  return first === undefined || last === undefined ? 0 : last - first;
}

async function measure(bases: string[], shop: Shop, env: Record<string, string>) {
  const watchedUrl = env.DATABASE_URL;
  const out = mkdtempSync(path.join(tmpdir(), 'shop-bench-backups-'));
  // A round that is not counted: a new shop process serves faster for its first seconds of
  // compiled code and warm caches, which would make the first plain round the slowest.
  await runLoad(bases, shop, seconds);
  const results: Round[] = [];
  // Plain rounds on both sides of every backup round: no, yes, no, …, yes, no.
  for (let round = 0; round < rounds * 2 + 1; round += 1) {
    const withBackup = round % 2 === 1;
    let backupMs: number | undefined;
    let snapshotMs: number | undefined;
    let backupDone = !withBackup;
    const backup = withBackup
      ? new Promise((resolve) => setTimeout(resolve, backupAfterMs))
          .then(() => {
            const run =
              idleSnapshotMs && watchedUrl ? holdIdleSnapshot(watchedUrl) : runBackup(env, out);
            const watched = watchedUrl
              ? watchSnapshot(watchedUrl, run)
              : Promise.resolve(undefined);
            return Promise.all([run, watched]);
          })
          .then(([ms, held]) => {
            backupMs = ms;
            snapshotMs = held;
            backupDone = true;
          })
      : Promise.resolve();
    // The round lasts until the backup is done, in 5 s steps after the first `seconds`, so the
    // whole of its cost is measured however long it takes beside the load.
    let done = 0;
    let elapsed = 0;
    let p99Ms = 0;
    do {
      const step = elapsed === 0 ? seconds : 5;
      const load = await runLoad(bases, shop, step);
      done += load.done;
      elapsed += step;
      p99Ms = Math.max(p99Ms, load.p99Ms);
    } while (!backupDone);
    await backup;
    results.push({
      withBackup,
      perSecond: done / elapsed,
      p99Ms,
      backupMs,
      snapshotMs,
      seconds: elapsed,
    });
  }
  const files = readdirSync(out)
    .filter((name) => name.endsWith('.sql.gz'))
    .sort();
  const bytes = files.reduce((sum, name) => sum + statSync(path.join(out, name)).size, 0);
  // The rows each backup held, from its sidecar, in the order they were taken.
  const rows = files.map((name) => {
    const sidecar = JSON.parse(readFileSync(sidecarOf(path.join(out, name)), 'utf8')) as {
      rows: Record<string, number>;
    };
    return Object.values(sidecar.rows).reduce((sum, count) => sum + count, 0);
  });
  rmSync(out, { recursive: true, force: true });
  return {
    results,
    rows,
    backupKb: files.length > 0 ? Math.round(bytes / files.length / 1024) : 0,
  };
}

const seconds1 = (ms: number | undefined) =>
  ms === undefined ? '' : `${(ms / 1000).toFixed(1)} s`;

function report(label: string, measured: Awaited<ReturnType<typeof measure>>, money: object) {
  const { results } = measured;
  console.log(
    `\n${label}: rounds of ${seconds} s (with a backup: until it is done), backup ${backupAfterMs / 1000} s in, ${measured.backupKb} KB each`,
  );
  console.log(
    '| round | backup | load | purchases/s | p99 | backup took | snapshot held | rows in it | against the rounds beside it |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  let backups = 0;
  const ratios: number[] = [];
  results.forEach((r, i) => {
    // Each backup round against the mean of the plain rounds before and after it: the machine's
    // own drift from minute to minute cancels out.
    const beside = [results[i - 1], results[i + 1]].filter((n) => n && !n.withBackup);
    const base = beside.reduce((sum, n) => sum + n!.perSecond, 0) / Math.max(beside.length, 1);
    const ratio = r.withBackup ? r.perSecond / base : undefined;
    if (ratio !== undefined) ratios.push(ratio);
    const rows = r.withBackup ? measured.rows[backups++] : undefined;
    console.log(
      `| ${i + 1} | ${r.withBackup ? 'yes' : 'no'} | ${r.seconds} s | ${Math.round(r.perSecond)} | ${r.p99Ms} ms | ${seconds1(r.backupMs)} | ${seconds1(r.snapshotMs)} | ${rows ?? ''} | ${ratio === undefined ? '' : `${(100 * ratio).toFixed(1)} %`} |`,
    );
  });
  const mean = ratios.reduce((sum, r) => sum + r, 0) / ratios.length;
  console.log(
    `throughput with a backup: ${(100 * mean).toFixed(1)} % of the rounds beside it (cost ${(100 * (1 - mean)).toFixed(1)} %)`,
    money,
  );
}

/** BENCH_LINES picks some of: pglite, pg (default both; pg needs BENCH_DATABASE_URL). */
const lines = new Set((process.env.BENCH_LINES ?? 'pglite,pg').split(','));

// The embedded database on disk, the shop in this process as `npm start` runs it.
if (lines.has('pglite')) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-data-'));
  const database = await openDatabase({ dataDir });
  const shop = await openShop(database, game, dataDir);
  await seedHistory(shop.app, {
    players: seedOrders / 10,
    orders: seedOrders,
    productId: shop.productId,
    serverId: shop.serverId,
  });
  const measured = await measure([shop.base], shop, { DATA_DIR: dataDir });
  report('PGlite (embedded), 1 process', measured, await checkMoney(shop.app));
  await shop.app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

if (adminUrl && lines.has('pg')) {
  const url = await freshPostgres(adminUrl, 'shop_bench_backup');
  const database = await openDatabase({ url });
  const shop = await openShop(database, game);
  await seedHistory(shop.app, {
    players: seedOrders / 10,
    orders: seedOrders,
    productId: shop.productId,
    serverId: shop.serverId,
  });
  const shops = await startShopProcesses(1, url);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-data-'));
  const measured = await measure(shops.bases, shop, { DATABASE_URL: url, DATA_DIR: dataDir });
  await shops.stop();
  report('PostgreSQL, 1 process', measured, await checkMoney(shop.app));
  await shop.app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
await game.close();
