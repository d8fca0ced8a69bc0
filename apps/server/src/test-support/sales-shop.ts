import { startRustSim, type RustSimHandle } from '@shop/rust-sim';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import { addServer, fund } from './shop-fixtures';
import { createAccount } from './sign-in';
import { queryRows } from './sql';
import { createSecondInstance, createTestApp, type TestApp } from './test-app';

type Headers = { authorization: string };
export type Account = Awaited<ReturnType<typeof createAccount>>;

export const HOUR = 3_600_000;
export const MINUTE = 60_000;

/**
 * The shop the sales, wipe-block and catalogue-price tests share: two servers, Main and Second, on
 * one simulated game, and a second shop process on the same database with caches of its own and no
 * Redis between.
 */
export interface SalesShop {
  game: RustSimHandle;
  shop: TestApp;
  other: FastifyInstance;
  admin: Account;
  main: number;
  second: number;
  /** A new player holding this many roubles. */
  player(roubles?: number): Promise<Account>;
  close(): Promise<void>;
}

/**
 * Starts it for tests whose "now" is `now`. The game's save is a month older, so each server's
 * last wipe is that old until a test marks one, and the wipes the tests mark are the newest.
 */
export async function startSalesShop(now: number): Promise<SalesShop> {
  const game = await startRustSim({
    consoleIntervalMs: null,
    chatIntervalMs: null,
    saveCreatedAt: new Date(now - 30 * 24 * HOUR),
  });
  const shop = await createTestApp();
  const other = await createSecondInstance(shop);
  const admin = await createAccount(shop.app, shop.config, 'admin');
  // Plugin delivery: nothing wakes an RCON worker, so every statement seen is the purchase's.
  const main = await addServer(shop, admin.headers, { name: 'Main', isPluginEnabled: 1 }, game);
  const second = await addServer(shop, admin.headers, { name: 'Second', isPluginEnabled: 1 }, game);
  return {
    game,
    shop,
    other,
    admin,
    main,
    second,
    async player(roubles = 10_000) {
      const account = await createAccount(shop.app, shop.config);
      await fund(shop, account.id, roubles);
      return account;
    },
    async close() {
      await other.close();
      await shop.close();
      await game.close();
    },
  };
}

/** A sale as an admin starts it; its id. */
export async function startSale(
  app: FastifyInstance,
  admin: Headers,
  fields: Record<string, unknown>,
): Promise<number> {
  const reply = await app.inject({
    method: 'POST',
    url: '/api/admin/sales',
    headers: admin,
    payload: { name: 'Распродажа', percent: 10, target: { all: true }, ...fields },
  });
  if (reply.statusCode !== 201) throw new Error(reply.body);
  return reply.json<{ id: number }>().id;
}

export async function endSale(app: FastifyInstance, admin: Headers, id: number): Promise<void> {
  const reply = await app.inject({
    method: 'DELETE',
    url: `/api/admin/sales/${id}`,
    headers: admin,
  });
  if (reply.statusCode !== 200) throw new Error(reply.body);
}

/** A wipe an admin marks by hand (POST /api/admin/servers/:id/wipes). */
export async function markWipe(
  app: FastifyInstance,
  admin: Headers,
  serverId: number,
  at: Date,
): Promise<void> {
  const reply = await app.inject({
    method: 'POST',
    url: `/api/admin/servers/${serverId}/wipes`,
    headers: admin,
    payload: { at: at.toISOString() },
  });
  if (reply.statusCode !== 201) throw new Error(reply.body);
}

/** The shop's clock set to this moment (only Date: timers and the database run as they do). */
export function clockAt(moment: number | Date): void {
  vi.useFakeTimers({ now: moment, toFake: ['Date'] });
}

/** What an order's lines record: the price charged per stack, the total, until-wipe. */
export async function orderLines(app: FastifyInstance, orderId: string) {
  return queryRows<{ name: string; price: number; total: number; untilWipe: boolean }>(
    app.db,
    sql`select name, price_kopecks::int as price, total_kopecks::int as total,
          until_wipe as "untilWipe"
        from order_items where order_id = ${orderId} order by id`,
  );
}
