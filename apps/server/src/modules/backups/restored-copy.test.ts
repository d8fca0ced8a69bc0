import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { addProduct, fund, startGameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { readBackupStart } from './backup-files';
import { restoreBackup } from './restore-backup';

/**
 * A database restored from a backup and started beside the live shop it came from gives nothing:
 * it does not lead, delivers nothing, opens no link to the game server, refuses the plugin and new
 * payments, and says so; SHOP_LIVE=1 makes it the live shop.
 */
const folder = mkdtempSync(path.join(tmpdir(), 'shop-restored-'));
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  rmSync(folder, { recursive: true, force: true });
});

describe('a restored copy', () => {
  it('started beside the live shop gives nothing until it is made live', async () => {
    const live = await startGameShop();
    cleanups.push(() => live.close());
    const { shop, game, serverId } = live;
    const productId = await addProduct(shop, live.admin.headers, { name: 'Дерево', price: 5 });
    const buyer = await createAccount(shop.app, shop.config);
    await fund(shop, buyer.id, 100);
    const bought = await shop.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
      payload: { productId, serverId, quantity: 1 },
    });
    expect(bought.statusCode).toBe(200);

    // The backup names the shop it came from.
    const written = await shop.app.backups.take({ dir: folder, trigger: 'command' });
    const header = await readBackupStart(written.file);
    expect(header.shopId).toBe(shop.app.shopIdentity.shopId);

    const dataDir = path.join(folder, 'copy');
    await restoreBackup(written.file, { dataDir });
    const attemptsBefore = game.connectionAttempts.length;
    const commandsBefore = game.commands.length;

    // Started as the server starts a shop: deliveries, the monitor and the periodic jobs on.
    const start = async (env: Record<string, string> = {}) => {
      const database = await openDatabase({ dataDir });
      const app = await buildApp({
        config: { ...shop.config, dataDir, shopLive: env.SHOP_LIVE === '1' },
        database,
        gameServers: { monitorIntervalMs: 100 },
        reconcileIntervalMs: 100,
        delivery: { autostart: true, worker: { pollIntervalMs: 50 } },
      });
      await app.ready();
      return {
        app,
        close: async () => {
          await app.close();
          await database.close();
        },
      };
    };
    const copy = await start();
    cleanups.push(copy.close);
    expect(copy.app.shopIdentity).toMatchObject({
      restoredCopy: true,
      shopId: shop.app.shopIdentity.shopId,
    });
    const health = await copy.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ restoredCopy: true, leader: false });

    // Sessions of the backup's time end with the restore: the admin signs in to the copy anew.
    const admin = await createAccount(copy.app, shop.config, 'admin');
    const console = await copy.app.inject({
      method: 'POST',
      url: `/api/admin/rcon/${serverId}`,
      headers: admin.headers,
      payload: { command: 'status' },
    });
    expect(console.statusCode).toBe(503);
    expect(console.json().message).toContain('восстановленная копия');
    for (const url of ['/api/plugin/v2/jobs/lease', '/api/payments/create']) {
      const refused = await copy.app.inject({ method: 'POST', url, payload: {} });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toContain('npm run db:go-live');
    }
    // A purchase in the copy is recorded there, and still never sent to the game.
    const copyBuyer = await createAccount(copy.app, shop.config);
    await fund({ app: copy.app }, copyBuyer.id, 100);
    const again = await copy.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { ...copyBuyer.headers, 'idempotency-key': randomUUID() },
      payload: { productId, serverId, quantity: 1 },
    });
    expect([200, 409]).toContain(again.statusCode);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(copy.app.leadership.isLeader).toBe(false);
    expect(game.connectionAttempts.length).toBe(attemptsBefore);
    expect(game.commands.length).toBe(commandsBefore);
    await copy.close();

    // SHOP_LIVE=1: the copy becomes the live shop, and stays live at the next start.
    const made = await start({ SHOP_LIVE: '1' });
    expect(made.app.shopIdentity.restoredCopy).toBe(false);
    expect(made.app.leadership.isLeader).toBe(true);
    await made.close();
    const next = await start();
    expect(next.app.shopIdentity.restoredCopy).toBe(false);
    await next.close();
  }, 180_000);
});
