import { randomBytes } from 'node:crypto';
import { startRustSim, type RustSimHandle } from '@shop/rust-sim';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { addProduct, addServer, fund } from './test-support/shop-fixtures';
import { buyWithRetries, shopTopology, type ShopProcess } from './test-support/shop-topology';
import { createAccount } from './test-support/sign-in';
import { record, socketClients } from './test-support/socket-clients';
import { createPostgresTestDatabase } from './test-support/test-database';
import { waitUntil } from './test-support/wait-until';

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

const SHORTNAMES = ['wood', 'stones', 'metal.fragments', 'sulfur', 'cloth'];
const BUYERS = 8;
const PRICE_KOPECKS = 1_000;
const FUNDS_KOPECKS = 100_000;
const STACK = 100;

const clients = socketClients();
const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  clients.closeAll();
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
});

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
      const topology = shopTopology(env);
      cleanups.push(topology.killAll);

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
      const worker = await topology.start('worker', 'worker');
      expect(worker.leader).toBe(true);
      const api = [await topology.start('api-1', 'api'), await topology.start('api-2', 'api')];
      expect(api.map((shop) => shop.leader)).toEqual([false, false]);

      // An admin reads the console, which only the leader passes on, each line exactly once: here
      // the worker, which has no sockets of its own and publishes through the Redis emitter.
      const watchConsole = async (url: string) => {
        const socket = await clients.joined(url, admin, 'admin');
        socket.emit('rconStream', { serverId });
        const lines = record(socket, 'server_log');
        return async (text: string) => {
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
      };
      await (
        await watchConsole(api[0]!.url!)
      )('from the worker');

      // The first buyer watches the balance.
      const watchBalance = async (url: string) => {
        const socket = await clients.joined(url, buyers[0]!);
        const heard: Array<{ balance: number; at: number }> = [];
        socket.on('balanceUpdate', ({ balance }) => heard.push({ balance, at: Date.now() }));
        return heard;
      };

      // Every buyer buys the given products once each, spread over two API processes; the victim
      // is killed once `killAfter` purchases are done.
      const orders: Array<{ steamId: string; shortname: string; orderId: string }> = [];
      const shopRound = async (
        productIndexes: number[],
        urls: [string, string],
        killAfter: number,
        victim: ShopProcess,
      ) => {
        let done = 0;
        const shopping = Promise.all(
          buyers.map(async (buyer, buyerIndex) => {
            for (const productIndex of productIndexes) {
              const first = (buyerIndex + productIndex) % 2;
              const { orderId } = await buyWithRetries(
                [urls[first]!, urls[1 - first]!],
                buyer.headers,
                { productId: products[productIndex]!, serverId, quantity: STACK },
              );
              orders.push({
                steamId: buyer.steamId,
                shortname: SHORTNAMES[productIndex]!,
                orderId,
              });
              done += 1;
              await sleep(100);
            }
          }),
        );
        await waitUntil(() => done >= killAfter, { what: 'purchases before the kill' });
        const atKill = (await sql.query<{ now: Date }>('select now()')).rows[0]!.now;
        topology.kill(victim);
        await shopping;
        return atKill;
      };

      // Another process takes the lead within 30 s of the kill, and its monitor polls the game again.
      const monitorResumes = async (victim: ShopProcess, dbTimeAtKill: Date) => {
        const killedAt = victim.killedAt!;
        const left = () => Math.max(1_000, 30_000 - (Date.now() - killedAt));
        await waitUntil(() => topology.leaders().length > 0, {
          timeoutMs: left(),
          what: 'a leader',
        });
        expect(topology.leaders()).toHaveLength(1);
        const lastChecked = async () =>
          (await sql.query<{ at: Date }>('select last_checked_at as at from servers')).rows[0]!.at;
        await waitUntil(async () => (await lastChecked()) > dbTimeAtKill, {
          timeoutMs: left(),
          what: 'the monitor recording again',
        });
        // Polling, not just a link that changed: one connection asks `serverinfo` again and again.
        const pollsSinceKill = () => {
          const perConnection = new Map<number, number>();
          for (const command of game.commands) {
            if (command.name !== 'serverinfo' || command.at.getTime() <= killedAt) continue;
            const id = command.connectionId;
            perConnection.set(id, (perConnection.get(id) ?? 0) + 1);
          }
          return Math.max(0, ...perConnection.values());
        };
        await waitUntil(() => pollsSinceKill() >= 3, {
          timeoutMs: left(),
          what: 'the monitor polling on the new leader',
        });
        return topology.leaders()[0]!;
      };

      // Round 1: the leading worker dies while purchases are made and delivered.
      const heard1 = await watchBalance(api[1]!.url!);
      const kill1 = await shopRound([0, 1, 2], [api[0]!.url!, api[1]!.url!], 10, worker);
      const leader = await monitorResumes(worker, kill1);
      expect(api).toContain(leader);
      const survivor = api.find((shop) => shop !== leader)!;
      expect(heard1.some((update) => update.at > worker.killedAt!)).toBe(true);

      // Round 2: the API process that now leads dies too, with purchases in flight to it; the
      // client retries those on the other one with the same key.
      const seeLine2 = await watchConsole(survivor.url!);
      await seeLine2('from the new leader');
      const heard2 = await watchBalance(survivor.url!);
      const kill2 = await shopRound([3, 4], [leader.url!, survivor.url!], 4, leader);
      expect(await monitorResumes(leader, kill2)).toBe(survivor);
      await seeLine2('from the last process');
      expect(heard2.some((update) => update.at > leader.killedAt!)).toBe(true);
      const listed: unknown = await (await fetch(`${survivor.url}/api/servers`)).json();
      expect(listed).toEqual([
        expect.objectContaining({ status: 'online', playersOnline: BUYERS }),
      ]);

      // Every order reaches the game exactly once. A give a killed process had sent but not yet
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
        const retried = await fetch(`${survivor.url}/api/admin/deliveries/${job.id}/retry`, {
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

      // The first buyer's sockets heard the purchases, also those made through the other process,
      // and the last one. (A process killed between its commit and its publish takes that one
      // update with it; the purchase reply carries the balance too.)
      const perPurchase = SHORTNAMES.map(
        (_, index) => (FUNDS_KOPECKS - (index + 1) * PRICE_KOPECKS) / 100,
      );
      const heard = [...heard1, ...heard2].map((update) => update.balance);
      expect(perPurchase).toEqual(expect.arrayContaining(heard));
      await waitUntil(() => heard2.some((update) => update.balance === perPurchase.at(-1)), {
        what: 'the final balance on the socket',
      });
    }, 90_000);
  },
);
