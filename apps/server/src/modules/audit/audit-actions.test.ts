import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RustSimHandle } from '@shop/rust-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { createPluginSigner, pluginKeyOf } from '../../test-support/plugin-signer';
import {
  addProduct,
  addServer,
  fund,
  startGameShop,
  type GameShop,
} from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import type { TestApp } from '../../test-support/test-app';
import { waitUntil } from '../../test-support/wait-until';
import { DELIVERY_REASONS } from '../delivery/rcon-delivery-worker';
import { journaledCommand } from '../servers/console-audit';
import { verifyAuditChain } from './audit-log';

/** A player the simulated game has online. */
const BANDIT = '76561198000000002';
let world: GameShop;
let game: RustSimHandle;
let shop: TestApp;
let admin: GameShop['admin'];
let serverId: number;

type Entry = { action: string; actorId: number | null; after: Record<string, unknown> } & Record<
  string,
  unknown
>;
const journal = async (): Promise<{ entries: Entry[]; chain: { verified: boolean } }> =>
  (await shop.app.inject({ url: '/api/admin/audit', headers: admin.headers })).json();
const newest = async (action: string) =>
  (await journal()).entries.find((entry) => entry.action === action);
const post = (url: string, payload?: object) =>
  shop.app.inject({ method: 'POST', url, headers: admin.headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  world = await startGameShop();
  ({ game, shop, admin, serverId } = world);
});
afterAll(() => world?.close());

describe('journaled actions', () => {
  it('journals a console command with the first line of the game’s reply, listed by GET /audit', async () => {
    const command = `inventory.giveto ${BANDIT} rifle.ak 1000`;
    const reply = await post(`/api/admin/rcon/${serverId}`, { command });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().output).toContain('1000 x');
    expect(game.commands.some((record) => record.message === command)).toBe(true);

    const page = await journal();
    expect(page.entries[0]).toMatchObject({
      action: 'server.console',
      actorId: admin.id,
      targetType: 'server',
      targetId: String(serverId),
      targetName: 'Classic',
      after: { command, status: 'ok', reply: reply.json().output },
    });
    expect(page.chain.verified).toBe(true);

    // A long answer: only its first line is kept.
    const status = await post(`/api/admin/rcon/${serverId}`, { command: 'status' });
    const firstLine = (status.json().output as string).split('\n')[0];
    expect((status.json().output as string).split('\n').length).toBeGreaterThan(2);
    expect((await newest('server.console'))?.after).toEqual({
      command: 'status',
      // The entry written before the command was sent, which this one completes.
      sent: expect.any(Number),
      status: 'ok',
      reply: firstLine,
    });
  });

  it('keeps the name of a console command that sets a secret, not the secret', () => {
    expect(journaledCommand('rcon.password "Very-Secret-9"')).toBe('rcon.password •••');
    expect(journaledCommand('inventory.giveto 1 wood 5')).toBe('inventory.giveto 1 wood 5');
  });

  it('journals an admin’s retry of a failed delivery, and the refund of it', async () => {
    const player = await createAccount(shop.app, shop.config, 'player', BANDIT);
    await fund(shop, player.id, 1000);
    const bogus = await addProduct(shop, admin.headers, { gameItemName: 'no.such.item' });
    const bought = await shop.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: player.headers,
      payload: { productId: bogus, serverId, quantity: 1 },
    });
    const { orderId } = bought.json();
    const failedJob = async () =>
      (
        await queryRows<{ id: string }>(
          shop.app.db,
          sql`select id from delivery_jobs where order_id = ${orderId} and status = 'failed'`,
        )
      )[0];
    const failed = async () => {
      await shop.app.delivery.worker.kick();
      return (await failedJob()) !== undefined;
    };
    await waitUntil(failed, { what: 'delivery failed' });
    const job = (await failedJob())!;

    expect((await post(`/api/admin/deliveries/${job.id}/retry`)).statusCode).toBe(200);
    expect(await newest('delivery.retry')).toMatchObject({
      actorId: admin.id,
      targetType: 'user',
      targetId: String(player.id),
      before: { status: 'failed', reason: DELIVERY_REASONS.invalidItem },
      after: { deliveryId: job.id, orderId, serverId, status: 'pending' },
    });
    // No such failed delivery: refused, and nothing journaled.
    const entries = (await journal()).entries.length;
    const unknown = await post(`/api/admin/deliveries/${randomUUID()}/retry`);
    expect(unknown.statusCode).toBe(404);
    expect((await journal()).entries.length).toBe(entries);

    await waitUntil(failed, { what: 'delivery failed again' });
    expect((await post(`/api/admin/orders/${orderId}/refund`)).statusCode).toBe(200);
    expect(await newest('order.refund')).toMatchObject({
      actorId: admin.id,
      targetId: String(player.id),
      after: { orderId },
    });
  });

  it('journals a new plugin key by the ids of the old and new keys, never the keys', async () => {
    // Plugin keys are the owner's alone (README «Staff roles»).
    const owner = await createAccount(shop.app, shop.config, 'owner');
    const oldKey = await pluginKeyOf(shop.app, owner.headers, serverId);
    const rotated = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/servers/${serverId}/plugin-key`,
      headers: owner.headers,
    });
    expect(rotated.statusCode).toBe(200);
    const newKey = await pluginKeyOf(shop.app, owner.headers, serverId);
    const entry = await newest('server.plugin-key');
    expect(entry).toMatchObject({ actorId: owner.id, targetId: String(serverId) });
    const ids = [entry?.before, entry?.after].map((side) => (side as { keyId: string }).keyId);
    expect(ids[0]).toMatch(/^[0-9a-f]{16}$/);
    expect(ids[1]).toMatch(/^[0-9a-f]{16}$/);
    expect(ids[0]).not.toBe(ids[1]);
    const text = JSON.stringify(await journal());
    expect(text).not.toContain(oldKey);
    expect(text).not.toContain(newKey);
  });

  it('journals an item table import by an admin and an item list sync by a plugin', async () => {
    const content = 'id,shortname,nameEn,nameRu,category\n-151838493,wood,Wood,Дерево,resources\n';
    const imported = await post('/api/admin/items/import', { format: 'csv', content });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await newest('items.import')).toMatchObject({
      actorId: admin.id,
      targetType: 'item-table',
      after: { imported: 1, format: 'csv' },
    });

    const pluginServer = await addServer(shop, admin.headers, {
      name: 'Signed',
      isPluginEnabled: 1,
    });
    const plugin = createPluginSigner(
      shop.app,
      await pluginKeyOf(shop.app, admin.headers, pluginServer),
    );
    const items = [
      { itemid: 1, shortname: 'wood', displayName: 'Wood', category: 'Resources', stackable: 1000 },
    ];
    expect((await plugin.send('/items', { items })).status).toBe(200);
    expect(await newest('items.plugin-sync')).toMatchObject({
      actorId: null,
      actorName: 'plugin',
      targetId: String(pluginServer),
      targetName: 'Signed',
      after: { received: 1, total: 1 },
    });
    expect((await journal()).chain.verified).toBe(true);
  });

  it('journals `npm run items:import`, with the command as the actor and its head on stderr', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-items-cli-'));
    try {
      const file = path.join(dataDir, 'items.json');
      writeFileSync(
        file,
        JSON.stringify([{ id: 1, shortname: 'wood', nameEn: 'Wood', category: 'resources' }]),
      );
      const { stdout, stderr } = await promisify(execFile)(
        'npm',
        ['run', '--silent', 'items:import', '--', file],
        // The test suite's journal key, which this test verifies the command's entry with.
        { env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, NODE_ENV: 'test' } },
      );
      expect(stdout).toContain('Imported 1 items');
      const database = await openDatabase({ dataDir, migrations: 'none' });
      try {
        const [row] = await queryRows<{ id: number; hash: string; actor_name: string }>(
          database.db,
          sql`select id, hash, actor_name, action, after from audit_log order by id desc limit 1`,
        );
        expect(row).toMatchObject({
          actor_name: 'npm run items:import',
          action: 'items.import',
          after: JSON.stringify({ imported: 1, format: 'json', file: 'items.json' }),
        });
        expect(stderr).toContain(`"auditHead":{"id":${row!.id},"hash":"${row!.hash}"`);
        expect((await verifyAuditChain(database.db, { full: true })).verified).toBe(true);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
