/**
 * Memory of one shop process as `npm start` runs it (the built server under plain node, demo mode):
 * idle RSS of a fresh shop, of the same shop after a restart, and what 5,000 authenticated sockets
 * add. The embedded database first, then PostgreSQL when BENCH_DATABASE_URL is set. The shop runs in
 * its own process so that the load generator's memory is not counted. Loopback only; bounded.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { createSessionsRepository } from '../apps/server/src/modules/auth/sessions-repository';
import { createUsersRepository } from '../apps/server/src/modules/users/users-repository';
import { connectJoined, type Account } from './memory-sockets';
import { freshPostgres } from './bench-postgres';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5_000);
const LIMIT_MS = Number(process.env.BENCH_LIMIT_SECONDS ?? 900) * 1000;
const adminUrl = process.env.BENCH_DATABASE_URL;
if (adminUrl && !/@(127\.0\.0\.1|localhost)[:/]/.test(adminUrl))
  throw new Error('benchmarks target loopback only');

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverJs = path.join(repo, 'apps/server/dist/server.js');
const scratch = mkdtempSync(path.join(tmpdir(), 'bench-memory-'));
// Answers the bench's question "how much memory?" from inside the shop process, over the IPC channel.
// "collect" first asks V8 for the collection a heap snapshot does (the inspector's collectGarbage):
// full and memory-reducing, so the young generation shrinks back too. A plain global.gc() leaves it
// at whatever size the last burst of allocations grew it to (up to ~32 MB), which is what made RSS
// "after a full GC" move by tens of MB between runs. { snapshot } collects, then writes a heap
// snapshot to that file. Every answer carries the young generation's resident size.
const probe = path.join(scratch, 'memory-probe.cjs');
writeFileSync(
  probe,
  `const v8 = require('node:v8');
  const { Session } = require('node:inspector');
  const settle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const collect = async () => {
    const session = new Session();
    session.connect();
    for (let i = 0; i < 3; i += 1) {
      await new Promise((resolve) => session.post('HeapProfiler.collectGarbage', resolve));
      await settle(300);
    }
    session.disconnect();
    await settle(700);
  };
  process.on('message', async (m) => {
    if (m !== 'memory') await collect();
    if (m && m.snapshot) v8.writeHeapSnapshot(m.snapshot);
    const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    process.send({ ...process.memoryUsage(), young: young ? young.physical_space_size : 0 });
  });`,
);
const snapshotDir = process.env.BENCH_HEAP_SNAPSHOT_DIR;
// Extra flags for the shop's node (e.g. `--max-semi-space-size=4`), to measure what one changes.
const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);

const deadline = setTimeout(() => {
  console.error(`bench:memory did not finish within ${LIMIT_MS / 1000} s`);
  process.exit(1);
}, LIMIT_MS);
deadline.unref();

interface Sample {
  rss: number;
  anon: number;
  hwm: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  /** Resident size of V8's young generation (new space). */
  young: number;
}
const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The shop as an operator starts it, plus the probe; resolves once it says it is running. */
async function startShop(env: Record<string, string>) {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = fork(serverJs, [], {
    cwd: repo,
    execArgv: ['--enable-source-maps', ...nodeFlags, '--require', probe],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      DEMO: '1',
      PORT: String(port),
      // Each bench socket comes "through the proxy" from its own address (50 a address are allowed).
      TRUSTED_PROXY: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // However the bench ends, it leaves no shop behind.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stderr?.on('data', keep);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      keep(chunk);
      if (output.includes('Shop is running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`shop exited (${code}):\n${output}`)));
  });
  const startupMs = performance.now() - started;

  const sample = async (request: 'memory' | 'collect' | { snapshot: string }): Promise<Sample> => {
    const heap = await new Promise<NodeJS.MemoryUsage & { young: number }>((resolve) => {
      child.once('message', (usage) => resolve(usage as NodeJS.MemoryUsage & { young: number }));
      child.send(request);
    });
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = (field: string) =>
      Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) * 1024;
    return {
      rss: kb('VmRSS'),
      anon: kb('RssAnon'),
      hwm: kb('VmHWM'),
      heapUsed: heap.heapUsed,
      heapTotal: heap.heapTotal,
      external: heap.external,
      young: heap.young,
    };
  };

  /** Idle: five samples a second apart within 2 MB of each other (at most 40 s). */
  const idle = async (): Promise<Sample> => {
    const samples: Sample[] = [];
    for (let i = 0; i < 40; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      samples.push(await sample('memory'));
      const last = samples.slice(-5).map((s) => s.rss);
      if (last.length === 5 && Math.max(...last) - Math.min(...last) < 2 * MB) break;
    }
    return samples.at(-1)!;
  };

  const stop = async () => {
    process.off('exit', orphan);
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const collected = () => sample('collect');
  /** A heap snapshot (its writing grows RSS: a run that takes them gives no RSS figures). */
  const snapshot = (file: string) => sample({ snapshot: file });
  return { port, startupMs, idle, collected, snapshot, stop, output: () => output };
}

/** Players with live sessions, written through the repositories sign-in uses. */
async function seedAccounts(database: Database, count: number): Promise<Account[]> {
  const users = createUsersRepository(database.db);
  const sessions = createSessionsRepository(database.db, {
    sessionTtlDays: 30,
    sessionIdleDays: 14,
  });
  const accounts: Account[] = [];
  for (let i = 0; i < count; i += 1) {
    const steamId = `7656119${String(9_000_000_000 + i).padStart(10, '0')}`;
    const user = await users.upsertFromSteam({
      steamId,
      username: `Bench ${i}`,
      avatar: null,
      isAdmin: false,
    });
    accounts.push({ id: user.id, token: (await sessions.issue(user.id)).token });
  }
  await database.close();
  return accounts;
}

interface Row {
  database: string;
  fresh: Sample;
  freshStartupMs: number;
  restart: Sample;
  restartStartupMs: number;
  sockets: Sample;
  restartCollected: Sample;
  socketsCollected: Sample;
  joined: number;
  dropped: number;
}

async function measure(
  label: string,
  env: Record<string, string>,
  open: () => Promise<Database>,
): Promise<Row> {
  console.log(`${label}: fresh shop…`);
  const fresh = await startShop(env);
  const freshIdle = await fresh.idle();
  await fresh.stop();

  console.log(`${label}: ${SOCKETS} accounts with sessions…`);
  const accounts = await seedAccounts(await open(), SOCKETS);

  console.log(`${label}: restart, then ${SOCKETS} sockets join…`);
  const shop = await startShop(env);
  const restartIdle = await shop.idle();
  const restartCollected = await shop.collected();
  if (snapshotDir) await shop.snapshot(path.join(snapshotDir, `${label}-0.heapsnapshot`));
  const live = await connectJoined(`http://127.0.0.1:${shop.port}`, accounts).catch(
    (error: unknown) => {
      console.error(`The shop said:\n${shop.output()}`);
      throw error;
    },
  );
  // Longer than the join timeout, so a joined socket that would be dropped shows up as dropped.
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  const withSockets = await shop.idle();
  const socketsCollected = await shop.collected();
  if (snapshotDir) await shop.snapshot(path.join(snapshotDir, `${label}-${SOCKETS}.heapsnapshot`));
  const dropped = live.dropped();
  live.close();
  await shop.stop();
  return {
    database: label,
    fresh: freshIdle,
    freshStartupMs: fresh.startupMs,
    restart: restartIdle,
    restartStartupMs: shop.startupMs,
    sockets: withSockets,
    restartCollected,
    socketsCollected,
    joined: live.joined,
    dropped,
  };
}

const npm = (script: string) =>
  execFileSync('npm', ['run', script], { cwd: repo, stdio: 'ignore' });
if (!existsSync(path.join(repo, 'apps/web/dist/index.html'))) npm('build:web');
npm('build:server');

const rows: Row[] = [];
try {
  const dataDir = path.join(scratch, 'data');
  if (process.env.BENCH_SKIP_PGLITE !== '1')
    rows.push(await measure('PGlite', { DATA_DIR: dataDir }, () => openDatabase({ dataDir })));
  if (adminUrl) {
    const url = await freshPostgres(adminUrl, 'shop_bench_memory');
    rows.push(await measure('PostgreSQL', { DATABASE_URL: url }, () => openDatabase({ url })));
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
if (snapshotDir)
  console.log('\nHeap snapshots taken: the RSS figures of this run include their writing.');
console.log(
  `\n| database | fresh idle RSS (peak) | heap used / total | external (WASM) | restarted idle RSS (after GC) | + ${SOCKETS} joined sockets, after GC: RSS (anonymous) | live heap | RSS beside the heap | per socket | + RSS without GC (young generation) | dropped | start fresh / restarted |`,
);
console.log(`|${' --- |'.repeat(12)}`);
for (const row of rows) {
  const before = row.restartCollected;
  const after = row.socketsCollected;
  const rss = after.rss - before.rss;
  const heap = after.heapUsed - before.heapUsed;
  const cells = [
    row.database,
    `**${mb(row.fresh.rss)}** (${mb(row.fresh.hwm)})`,
    `${mb(row.fresh.heapUsed)} / ${mb(row.fresh.heapTotal)}`,
    mb(row.fresh.external),
    `${mb(row.restart.rss)} (${mb(before.rss)})`,
    `**${mb(rss)}** (${mb(after.anon - before.anon)})`,
    mb(heap),
    mb(rss - heap),
    `${(rss / Math.max(row.joined, 1) / 1024).toFixed(1)} KB`,
    `${mb(row.sockets.rss - row.restart.rss)} (${mb(row.sockets.young)})`,
    `${row.dropped} of ${row.joined}`,
    `${seconds(row.freshStartupMs)} / ${seconds(row.restartStartupMs)}`,
  ];
  console.log(`| ${cells.join(' | ')} |`);
}
process.exit(0);
