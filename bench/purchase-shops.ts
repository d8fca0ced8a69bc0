/**
 * The shops of the purchase benchmark: one in the benchmark's own process that seeds the database
 * (a plugin-delivery server, a product, a VIP product and 50 funded buyers), shop processes of their
 * own that serve the load (bench/purchase-shop.ts), the buyers' load process (bench/purchase-load.ts
 * or bench/purchase-paced.ts) and the money check after each line.
 */
import { execFile, fork } from 'node:child_process';
import type { RustSimHandle } from '@shop/rust-sim';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/client';
import { addProduct, addServer, fund } from '../apps/server/src/test-support/shop-fixtures';
import { createAccount } from '../apps/server/src/test-support/sign-in';

export const BUYERS = 50;
const FUNDS_EACH = 1_000_000; // roubles: far beyond what the run can spend

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DEMO: '0',
  PURCHASE_LIMIT_PER_MINUTE: '1000000',
});

/**
 * A shop on `database` in this process, with a server, a product and 50 funded buyers. `dataDir`
 * gives it a data folder and the embedded shop's control socket there (the backup benchmark).
 */
export async function openShop(database: Database, game: RustSimHandle, dataDir?: string) {
  const app = await buildApp({
    config: dataDir ? { ...config, dataDir } : config,
    controlSocket: Boolean(dataDir),
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

export type Shop = Awaited<ReturnType<typeof openShop>>;

const { REDIS_URL: _inherited, ...withoutRedis } = process.env;

/** Shop processes of their own on the database at `url` (bench/purchase-shop.ts). */
export async function startShopProcesses(
  count: number,
  url: string,
  { redis, profileDir }: { redis?: string | undefined; profileDir?: string | undefined } = {},
) {
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

/**
 * The buyers' load: closed-loop (bench/purchase-load.ts, each buyer buys again the moment it is
 * answered) or, with `rate`, open-loop at that many purchases per second in all
 * (bench/purchase-paced.ts).
 */
export function runLoad(bases: string[], shop: Shop, seconds: number, rate?: number) {
  return new Promise<{
    done: number;
    refused: number;
    p50Ms: number;
    p99Ms: number;
    /** Paced: from the first purchase due to the last answer. */
    elapsedMs?: number;
  }>((resolve, reject) => {
    const input = JSON.stringify({
      bases,
      tokens: shop.tokens,
      productId: shop.productId,
      serverId: shop.serverId,
      seconds,
      rate,
    });
    const script = rate ? 'bench/purchase-paced.ts' : 'bench/purchase-load.ts';
    execFile(process.execPath, ['--import', 'tsx', script, input], (error, stdout) =>
      error
        ? reject(new Error('The load processes failed', { cause: error }))
        : resolve(JSON.parse(stdout)),
    );
  });
}

/** Every balance equals its ledger and none is below zero. */
export async function checkMoney(app: FastifyInstance) {
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
