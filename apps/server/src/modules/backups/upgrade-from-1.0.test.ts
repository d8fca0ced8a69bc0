import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type DatabaseOptions } from '../../db/client';
import { queryRows } from '../../db/execute';
import { latestSchemaVersion } from '../../db/schema-version';
import { createPluginSigner } from '../../test-support/plugin-signer';
import { createPostgresTestDatabase } from '../../test-support/test-database';
import { checkLedger } from '../ledger/ledger';
import { backupFileSource } from './backup-files';
import { loadDatabase } from './database-load';

/**
 * The oldest release this one upgrades from (README, «Обновление»): release 1.0.0's database, as
 * 1.0.0's own migrations built it and its own API filled it (fixtures/README.md), started by this
 * release. Every balance still equals its ledger and its value, the orders are there, the players'
 * sessions still sign them in and the plugin server's key still signs.
 */
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const expected = JSON.parse(readFileSync(path.join(fixtures, 'shop-1.0.0.json'), 'utf8')) as {
  schemaVersion: number;
  orders: number;
  waitingOrder: string;
  refundedOrder: string;
  balancesKopecks: Record<string, number>;
  players: Array<{ id: number; steamId: string; token: string }>;
  admin: { id: number; token: string };
  pluginKey: string;
};
const cleanups: Array<() => Promise<unknown> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
});

async function placeForTheDatabase(): Promise<Pick<DatabaseOptions, 'url' | 'dataDir'>> {
  const postgres = process.env.TEST_DATABASE_URL;
  if (postgres) {
    const place = await createPostgresTestDatabase(postgres);
    cleanups.push(place.drop);
    return { url: place.url };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-upgrade-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { dataDir };
}

describe('an upgrade from release 1.0.0', () => {
  it('keeps balances equal to the ledger, orders, sessions and plugin keys', async () => {
    const target = await placeForTheDatabase();
    // Release 1.0.0's database: its migrations (0000-0025, unchanged since), then its rows.
    const old = await openDatabase({ ...target, migrations: expected.schemaVersion });
    await loadDatabase(old.db, backupFileSource(path.join(fixtures, 'shop-1.0.0.sql.gz')));
    await old.close();

    // The upgrade: this release starts on it and runs the migrations since.
    const database = await openDatabase(target);
    cleanups.push(() => database.close());
    expect(database.schema.before).toBe(expected.schemaVersion);
    expect(database.schema.after).toBe(latestSchemaVersion());
    expect(database.schema.applied[0]).toMatch(/^0026_/);
    expect(database.schema.applied).toHaveLength(latestSchemaVersion() - expected.schemaVersion);
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database,
      gameServers: { monitorIntervalMs: false },
      reconcileIntervalMs: false,
      delivery: { autostart: false },
    });
    await app.ready();
    cleanups.push(() => app.close());
    // Upgraded in place, not restored: the live shop, leading.
    expect(app.shopIdentity.restoredCopy).toBe(false);

    const ledger = await checkLedger(app.db);
    expect(ledger.mismatched).toBe(0);
    const balances = await queryRows<{ id: number; balance: string }>(
      app.db,
      sql`select id, balance_kopecks as balance from users order by id`,
    );
    expect(Object.fromEntries(balances.map((row) => [row.id, Number(row.balance)]))).toEqual(
      expected.balancesKopecks,
    );
    const [orders] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from orders`,
    );
    expect(orders?.n).toBe(expected.orders);

    for (const player of expected.players) {
      const profile = await app.inject({
        method: 'GET',
        url: '/api/auth/profile',
        headers: { authorization: `Bearer ${player.token}` },
      });
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({
        steamId: player.steamId,
        balance: expected.balancesKopecks[player.id]! / 100,
      });
    }
    const admin = { authorization: `Bearer ${expected.admin.token}` };
    const orderList = await app.inject({ method: 'GET', url: '/api/admin/orders', headers: admin });
    expect(orderList.statusCode).toBe(200);
    expect(orderList.body).toContain(expected.waitingOrder);
    expect(orderList.body).toContain(expected.refundedOrder);

    const plugin = createPluginSigner(app, expected.pluginKey);
    const lease = await plugin.send('/jobs/lease', {
      steamId: expected.players[0]!.steamId,
      manual: true,
    });
    expect(lease.status).toBe(200);
    expect(lease.signed).toBe(true);
  }, 120_000);
});
