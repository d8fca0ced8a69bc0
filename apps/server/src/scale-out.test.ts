import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRustSim, type RustSimHandle } from '@shop/rust-sim';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { addProduct, addServer, fund } from './test-support/shop-fixtures';
import { createAccount } from './test-support/sign-in';
import { record, socketClients } from './test-support/socket-clients';
import { createPostgresTestDatabase } from './test-support/test-database';
import type { TopologyMessage } from './test-support/topology-process';
import { waitUntil } from './test-support/wait-until';

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const here = path.dirname(fileURLToPath(import.meta.url));
const topologyProcess = path.resolve(here, 'test-support/topology-process.ts');

const SHORTNAMES = ['wood', 'stones', 'metal.fragments', 'sulfur', 'cloth'];
const BUYERS = 8;
const PRICE_KOPECKS = 1_000;
const FUNDS_KOPECKS = 100_000;
const STACK = 100;

interface ShopProcess {
  name: string;
  child: ChildProcess;
  url: string | null;
  leader: boolean;
}

const children: ShopProcess[] = [];
const clients = socketClients();
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  clients.closeAll();
  for (const shop of children) if (shop.child.exitCode === null) shop.child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function startProcess(name: string, env: Record<string, string>): Promise<ShopProcess> {
  const child = fork(topologyProcess, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      PATH: process.env.PATH ?? '',
      ...env,
      SHOP_ROLE: name.startsWith('api') ? 'api' : 'worker',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const shop: ShopProcess = { name, child, url: null, leader: false };
  children.push(shop);
  await new Promise<void>((resolve, reject) => {
    child.on('message', (message: TopologyMessage) => {
      if (message.kind === 'leader') shop.leader = message.leader;
      if (message.kind !== 'ready') return;
      if (message.port !== null) shop.url = `http://127.0.0.1:${message.port}`;
      resolve();
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  return shop;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!postgresUrl || !redisUrl)(
  'two API processes and a worker on one PostgreSQL and Redis (runs with TEST_DATABASE_URL and REDIS_URL)',
  () => {
    it('loses and doubles no purchase, moves the monitor and keeps balances live when the leader is killed', async () => {
      const game: RustSimHandle = await startRustSim({
        players: [],
        consoleIntervalMs: null,
        chatIntervalMs: null,
      });
      cleanups.push(() => game.close());
      const place = await createPostgresTestDatabase(postgresUrl!);
      cleanups.push(place.drop);
      const env = {
        DATABASE_URL: place.url,
        REDIS_URL: redisUrl!,
        REDIS_KEY_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
        LEADER_RETRY_SECONDS: '1',
        PURCHASE_LIMIT_PER_MINUTE: '1000',
      };
      const sql = new pg.Client({ connectionString: place.url });

      // The admin's setup, done once before the shop's processes start.
      const setupDb = await openDatabase({ url: place.url });
      const config = loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO: '0' });
      const setup = await buildApp({
        config,
        database: setupDb,
        gameServers: { monitorIntervalMs: false },
        reconcileIntervalMs: false,
        delivery: { autostart: false },
      });
      await setup.ready();
      const admin = await createAccount(setup, config, 'admin');
      const serverId = await addServer({ app: setup }, admin.headers, { name: 'Classic' }, game);
      const products: number[] = [];
      for (const shortname of SHORTNAMES) {
        products.push(
          await addProduct({ app: setup }, admin.headers, {
            name: `Товар ${shortname}`,
            gameItemName: shortname,
            quantity: STACK,
            price: PRICE_KOPECKS / 100,
          }),
        );
      }
      const buyers: Array<Awaited<ReturnType<typeof createAccount>>> = [];
      for (let index = 0; index < BUYERS; index += 1) {
        const steamId = `76561198000000${String(100 + index)}`;
        const buyer = await createAccount(setup, config, 'player', steamId);
        await fund({ app: setup }, buyer.id, FUNDS_KOPECKS / 100);
        game.addPlayer({ steamId, name: `Buyer ${index}` });
        buyers.push(buyer);
      }
      await setup.close();
      await setupDb.close();
      await sql.connect();
      cleanups.push(() => sql.end());

      // The worker starts first and so leads; then the two API processes.
      const worker = await startProcess('worker', env);
      expect(worker.leader).toBe(true);
      const api = [await startProcess('api-1', env), await startProcess('api-2', env)];
      expect(api.map((shop) => shop.leader)).toEqual([false, false]);
      const [url1, url2] = api.map((shop) => shop.url!);

      // An admin on api-1 reads the console, which only the leader (the worker, with no sockets of
      // its own) passes on: through the Redis emitter, each line exactly once.
      const adminSocket = await clients.joined(url1!, admin, 'admin');
      adminSocket.emit('rconStream', { serverId });
      const lines = record(adminSocket, 'server_log');
      const seeLine = async (text: string) => {
        await waitUntil(
          () => {
            if (!lines.some((line) => line.message === text)) game.sendConsoleLine(text);
            return lines.some((line) => line.message === text);
          },
          { timeoutMs: 30_000, intervalMs: 250, what: `console line "${text}" on a browser` },
        );
        await sleep(300);
        expect(lines.filter((line) => line.message === text)).toHaveLength(1);
      };
      await seeLine('from the worker');

      // The first buyer watches the balance on api-2.
      const buyerSocket = await clients.joined(url2!, buyers[0]!);
      const balances = record(buyerSocket, 'balanceUpdate');
      const heardAt: number[] = [];
      buyerSocket.on('balanceUpdate', () => heardAt.push(Date.now()));

      // Every buyer buys each product once, alternating API processes, each purchase with its own
      // key that the client reuses on its retries.
      const orders: Array<{ steamId: string; shortname: string; orderId: string }> = [];
      let done = 0;
      let killedAt = 0;
      const buy = async (buyerIndex: number, productIndex: number) => {
        const buyer = buyers[buyerIndex]!;
        const key = randomUUID();
        for (let attempt = 0; attempt < 4; attempt += 1) {
          const target = [url1, url2][(buyerIndex + productIndex + attempt) % 2]!;
          const reply = await fetch(`${target}/api/purchase`, {
            method: 'POST',
            headers: {
              ...buyer.headers,
              'content-type': 'application/json',
              'idempotency-key': key,
            },
            body: JSON.stringify({ productId: products[productIndex], serverId, quantity: STACK }),
          }).catch(() => null);
          if (!reply || reply.status >= 500) continue;
          expect(reply.status).toBe(200);
          const body = (await reply.json()) as { orderId: string };
          orders.push({
            steamId: buyer.steamId,
            shortname: SHORTNAMES[productIndex]!,
            orderId: body.orderId,
          });
          done += 1;
          return;
        }
        throw new Error('a purchase found no live API process');
      };
      const shopping = Promise.all(
        buyers.map(async (_, buyerIndex) => {
          for (let productIndex = 0; productIndex < SHORTNAMES.length; productIndex += 1) {
            await buy(buyerIndex, productIndex);
            await sleep(150);
          }
        }),
      );
      await waitUntil(() => done >= 12, { what: 'the first purchases' });
      const dbTimeAtKill = (await sql.query<{ now: Date }>('select now()')).rows[0]!.now;
      worker.child.kill('SIGKILL');
      killedAt = Date.now();
      await shopping;

      // Another process takes the lead within 30 s, and its monitor polls the game again.
      await waitUntil(() => api.some((shop) => shop.leader), {
        timeoutMs: 30_000,
        what: 'a new leader',
      });
      expect(api.filter((shop) => shop.leader)).toHaveLength(1);
      const lastChecked = async () =>
        (await sql.query<{ at: Date }>('select last_checked_at as at from servers')).rows[0]!.at;
      await waitUntil(async () => (await lastChecked()) > dbTimeAtKill, {
        timeoutMs: Math.max(1_000, 30_000 - (Date.now() - killedAt)),
        what: 'the monitor polling again',
      });
      const resumed = await lastChecked();
      await waitUntil(async () => (await lastChecked()) > resumed, { what: 'a second poll' });
      // Polling, not just a link that changed: one connection asks `serverinfo` again and again.
      const pollsSinceKill = () => {
        const perConnection = new Map<number, number>();
        for (const command of game.commands) {
          if (command.name !== 'serverinfo' || command.at.getTime() <= killedAt) continue;
          perConnection.set(
            command.connectionId,
            (perConnection.get(command.connectionId) ?? 0) + 1,
          );
        }
        return Math.max(0, ...perConnection.values());
      };
      await waitUntil(() => pollsSinceKill() >= 3, {
        timeoutMs: Math.max(1_000, 30_000 - (Date.now() - killedAt)),
        what: 'the monitor polling on the new leader',
      });
      await seeLine('from the new leader');
      for (const url of [url1, url2]) {
        const listed = (await (await fetch(`${url}/api/servers`)).json()) as Array<{
          status: string;
          playersOnline: number;
        }>;
        expect(listed).toEqual([
          expect.objectContaining({ status: 'online', playersOnline: BUYERS }),
        ]);
      }

      // Every order reaches the game exactly once. A give the killed worker had sent but not yet
      // confirmed is left for an admin ("may have been given"), who checks the game and retries
      // only what did not arrive, as the README tells operators to.
      expect(orders).toHaveLength(BUYERS * SHORTNAMES.length);
      const gifts = (steamId: string, shortname: string) =>
        game.gifts(steamId).filter((gift) => gift.shortname === shortname);
      const jobs = async () =>
        (
          await sql.query<{ id: number; order_id: string; status: string }>(
            'select id, order_id, status from delivery_jobs',
          )
        ).rows;
      await waitUntil(
        async () => (await jobs()).every((job) => ['delivered', 'failed'].includes(job.status)),
        { timeoutMs: 20_000, what: 'every delivery settled' },
      );
      for (const job of (await jobs()).filter((row) => row.status === 'failed')) {
        const order = orders.find((row) => row.orderId === job.order_id)!;
        if (gifts(order.steamId, order.shortname).length === 1) continue;
        const retried = await fetch(`${url1}/api/admin/deliveries/${job.id}/retry`, {
          method: 'POST',
          headers: admin.headers,
        });
        expect(retried.status).toBe(200);
      }
      await waitUntil(
        async () =>
          orders.every((order) => gifts(order.steamId, order.shortname).length >= 1) &&
          (await jobs()).every((job) => job.status !== 'pending' && job.status !== 'sending'),
        { timeoutMs: 15_000, what: 'every order in the game' },
      );
      for (const order of orders) {
        expect(gifts(order.steamId, order.shortname), order.shortname).toHaveLength(1);
        expect(gifts(order.steamId, order.shortname)[0]!.amount).toBe(STACK);
      }
      expect(game.gifts()).toHaveLength(orders.length);
      const stored = await sql.query('select id from orders');
      expect(stored.rows).toHaveLength(orders.length);

      // Money: each balance is its ledger, and what the buyer paid.
      const money = await sql.query<{ balance: string; ledger: string }>(
        `select u.balance_kopecks as balance,
                (select coalesce(sum(amount_kopecks), 0) from transactions t
                  where t.user_id = u.id and t.status = 'completed') as ledger
           from users u where u.steam_id = any($1)`,
        [buyers.map((buyer) => buyer.steamId)],
      );
      const expected = String(FUNDS_KOPECKS - SHORTNAMES.length * PRICE_KOPECKS);
      expect(money.rows).toHaveLength(BUYERS);
      for (const row of money.rows) expect(row).toEqual({ balance: expected, ledger: expected });

      // The first buyer's socket on api-2 heard every purchase, also those after the kill and
      // those made through api-1.
      const perPurchase = SHORTNAMES.map(
        (_, index) => (FUNDS_KOPECKS - (index + 1) * PRICE_KOPECKS) / 100,
      );
      await waitUntil(() => balances.length >= perPurchase.length, { what: 'balance updates' });
      expect(balances.map((update) => update.balance).sort((a, b) => b - a)).toEqual(perPurchase);
      expect(heardAt.some((at) => at > killedAt)).toBe(true);
    }, 90_000);
  },
);
