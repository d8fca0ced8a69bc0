import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import {
  contents,
  freshDataDir,
  freshPostgres,
  type DataTarget,
} from '../../test-support/data-targets';
import { startDataShop, type DataShop } from '../../test-support/data-shop';
import { orderOf } from '../../test-support/purchase-rows';
import { waitUntil } from '../../test-support/wait-until';
import { createSessionsRepository } from '../auth/sessions-repository';
import { checkLedger, ledgerSum } from '../ledger/ledger';
import { createServersRepository } from '../servers/servers-repository';
import { moveToPostgres } from './move-to-postgres';
import { restoreBackup } from './restore-backup';

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)('npm run db:move', () => {
  let data: DataShop;
  let embedded: DataTarget;
  let target: DataTarget;
  /** Alice signed in on the embedded shop after its restore: the session the move must carry. */
  let aliceNow: { authorization: string };
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-move-'));

  beforeAll(async () => {
    // An embedded shop on disk, as an owner runs it: the data shop's backup restored into DATA_DIR.
    data = await startDataShop('pglite');
    const written = await data.shop.app.backups.take({ dir: folder, trigger: 'command' });
    embedded = freshDataDir();
    await restoreBackup(written.file, embedded.options);
    // The restore ended the backup's sessions (restore-aftermath); Alice signs in again there, as
    // players do on the shop that runs on DATA_DIR before its owner moves it.
    const signedIn = await embedded.open();
    try {
      const { token } = await createSessionsRepository(signedIn.db, data.shop.config).issue(
        data.players[0]!.id,
      );
      aliceNow = { authorization: `Bearer ${token}` };
    } finally {
      await signedIn.close();
    }
    target = await freshPostgres(postgresUrl!);
  }, 120_000);

  afterAll(async () => {
    await data.close();
    await embedded.drop();
    await target.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('copies every row and balance into an empty PostgreSQL and prints the DATABASE_URL to set', async () => {
    const url = new URL(target.options.url!);
    url.password = 'secret-password';
    const { stdout } = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'db:move', '--', '--to', url.toString()],
      { env: { PATH: process.env.PATH ?? '', DATA_DIR: embedded.options.dataDir } },
    );
    expect(stdout).toContain('Every balance equals its ledger (5 players');
    // The password (this test server trusts loopback and ignores it) is never printed.
    expect(stdout).toMatch(
      /DATABASE_URL=postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/shop_test_\w+/,
    );
    expect(stdout).not.toContain('secret-password');

    const [from, to] = [await embedded.open(), await target.open()];
    try {
      const { backups: _a, ...source } = await contents(from);
      const { backups: _b, ...moved } = await contents(to);
      expect(moved).toEqual(source);
      expect(await checkLedger(to.db)).toEqual(await checkLedger(from.db));
    } finally {
      await from.close();
      await to.close();
    }
  }, 120_000);

  it('runs the shop on PostgreSQL afterwards: purchases take new ids and keep the ledger', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: target.options.url,
    });
    const database = await openDatabase({ url: target.options.url, onIdleError: () => undefined });
    const app = await buildApp({
      config,
      database,
      gameServers: { monitorIntervalMs: false },
      reconcileIntervalMs: false,
      delivery: { autostart: false },
    });
    await app.ready();
    try {
      // The moved shop's monitor sees the game server answer on its RCON link, as buyers would.
      const servers = createServersRepository(app.db);
      await waitUntil(
        async () => {
          await app.servers.monitor.pollOne(data.serverId);
          return (await servers.findById(data.serverId))?.linkStatus === 'online';
        },
        { what: 'the game server online in the moved shop' },
      );
      const [alice] = data.players;
      const before = await ledgerSum(app.db, alice!.id);
      // Her session from before the backup stays ended: the move brings nothing of it back.
      const stale = await app.inject({ url: '/api/orders', headers: alice!.headers });
      expect(stale.statusCode).toBe(401);
      // The session she signed in with on the embedded shop moved with it: she buys at once.
      await orderOf(app, aliceNow, {
        productId: data.productId,
        serverId: data.serverId,
        quantity: 1000,
      });
      await orderOf(app, aliceNow, {
        productId: data.productId,
        serverId: data.serverId,
        quantity: 1000,
      });
      expect(await ledgerSum(app.db, alice!.id)).toBe(before - 2 * 1250);
      expect(await checkLedger(app.db)).toMatchObject({ mismatched: 0 });
      const orders = await app.inject({ url: '/api/orders', headers: aliceNow });
      expect(orders.json()).toHaveLength(4);
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);

  it('refuses a PostgreSQL database that is not empty, and a DATA_DIR without a shop', async () => {
    await expect(moveToPostgres(embedded.options.dataDir!, target.options.url!)).rejects.toThrow(
      /The PostgreSQL database is not empty \(.*users: 5.*\)/,
    );
    const nothing = mkdtempSync(path.join(tmpdir(), 'shop-none-'));
    try {
      await expect(moveToPostgres(nothing, target.options.url!)).rejects.toThrow(
        /There is no embedded database in/,
      );
    } finally {
      rmSync(nothing, { recursive: true, force: true });
    }
  });
});
