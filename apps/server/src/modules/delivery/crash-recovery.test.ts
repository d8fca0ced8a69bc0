import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRustSim, type RustSimHandle } from '@shop/rust-sim';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { addProduct, addServer, fund } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import { createPostgresTestDatabase } from '../../test-support/test-database';
import { waitUntil } from '../../test-support/wait-until';

const here = path.dirname(fileURLToPath(import.meta.url));
const deliveryProcess = path.resolve(here, '../../test-support/delivery-process.ts');
const STEAM_ID = '76561198000000088';
const STACKS = 5;

interface Place {
  env: Record<string, string>;
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

/** Where the shop's data lives, shared by this test and the shop processes it starts in turn. */
async function databasePlace(): Promise<Place> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const pg = await createPostgresTestDatabase(adminUrl);
    return {
      env: { DATABASE_URL: pg.url },
      open: () => openDatabase({ url: pg.url }),
      cleanup: pg.drop,
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-crash-'));
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

function startShopProcess(env: Record<string, string>): ChildProcess {
  return fork(deliveryProcess, [], {
    execArgv: ['--import', 'tsx'],
    env: { PATH: process.env.PATH ?? '', ...env, STACK_DELAY_MS: '600', LEASE_SECONDS: '2' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

let game: RustSimHandle | undefined;
let place: Place | undefined;
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await game?.close();
  await place?.cleanup();
});

describe('a shop killed in the middle of a delivery', () => {
  it('delivers every stack exactly once after it is restarted', async () => {
    game = await startRustSim({ players: [], consoleIntervalMs: null, chatIntervalMs: null });
    place = await databasePlace();

    // The purchase, made while the player was offline so that nothing was given yet.
    const setupDb = await place.open();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO: '0' });
    const app = await buildApp({
      config,
      database: setupDb,
      gameServers: { monitorIntervalMs: false },
      reconcileIntervalMs: false,
      delivery: { autostart: false },
    });
    await app.ready();
    const admin = await createAccount(app, config, 'admin');
    const serverId = await addServer({ app }, admin.headers, { name: 'Classic' }, game);
    const productId = await addProduct({ app }, admin.headers, {
      name: 'Дерево',
      gameItemName: 'wood',
      quantity: 1000,
    });
    const player = await createAccount(app, config, 'player', STEAM_ID);
    await fund({ app }, player.id, 1000);
    const bought = await app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: player.headers,
      payload: { productId, serverId, quantity: STACKS * 1000 },
    });
    const { orderId } = bought.json();
    await app.delivery.worker.kick();
    await app.db.execute(
      sql`update delivery_jobs set next_attempt_at = now() where order_id = ${orderId}`,
    );
    await app.close();
    await setupDb.close();
    game.addPlayer({ steamId: STEAM_ID, name: 'Crash Tester' });
    const given = () => game!.gifts(STEAM_ID).length;

    const first = startShopProcess(place.env);
    children.push(first);
    await waitUntil(() => given() >= 2, { timeoutMs: 30_000, what: 'two stacks given' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    first.kill('SIGKILL');
    await exited(first);
    const beforeRestart = given();
    expect(beforeRestart).toBeLessThan(STACKS);

    const second = startShopProcess(place.env);
    children.push(second);
    await waitUntil(() => given() >= STACKS, { timeoutMs: 30_000, what: 'all stacks given' });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    second.kill('SIGTERM');
    await exited(second);

    expect(given()).toBe(STACKS);
    expect(
      game.gifts(STEAM_ID).every((gift) => gift.shortname === 'wood' && gift.amount === 1000),
    ).toBe(true);
    const checkDb = await place.open();
    try {
      const [job] = await queryRows<{ status: string; progress: number }>(
        checkDb.db,
        sql`select status, progress from delivery_jobs where order_id = ${orderId}`,
      );
      expect(job).toEqual({ status: 'delivered', progress: STACKS });
      const [order] = await queryRows<{ status: string; is_delivered: boolean }>(
        checkDb.db,
        sql`select status, is_delivered from orders where id = ${orderId}`,
      );
      expect(order).toEqual({ status: 'completed', is_delivered: true });
    } finally {
      await checkDb.close();
    }
  }, 90_000);
});
