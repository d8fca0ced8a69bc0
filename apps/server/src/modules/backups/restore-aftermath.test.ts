import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { freshDataDir, type DataTarget } from '../../test-support/data-targets';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import { createSecondInstance, createTestApp, type TestApp } from '../../test-support/test-app';
import { verifyAuditChain } from '../audit/audit-log';
import { createSessionsRepository } from '../auth/sessions-repository';
import { createServersRepository } from '../servers/servers-repository';
import { restoreBackup } from './restore-backup';

const folder = mkdtempSync(path.join(tmpdir(), 'shop-restore-'));
let shop: TestApp;
let target: DataTarget;
let restored: Database;
let copy: FastifyInstance;
let player: Awaited<ReturnType<typeof createAccount>>;
let owner: Awaited<ReturnType<typeof createAccount>>;
let serverId: number;
let backupKey: string;

beforeAll(async () => {
  shop = await createTestApp({}, { embedded: true });
  player = await createAccount(shop.app, shop.config);
  owner = await createAccount(shop.app, shop.config, 'owner');
  const server = await createServersRepository(shop.app.db).create({
    name: 'Classic',
    ip: '127.0.0.1',
    port: 28015,
    rconPort: 28016,
    rconPassword: 'secret',
    maxPlayers: 100,
    map: '',
    description: '',
    isPluginEnabled: 1,
  });
  serverId = server.id;
  backupKey = server.pluginKey;
  // A sign-in of the last minute, its code not yet traded, goes into the backup too.
  await createSessionsRepository(shop.app.db, shop.config).issueSignInCode(player.id, 'state');
  const written = await shop.app.backups.take({ dir: folder, trigger: 'command' });

  // After the backup: the player signs out everywhere and the owner rotates a leaked plugin key.
  const out = await shop.app.inject({
    method: 'POST',
    url: '/api/auth/logout-everywhere',
    headers: player.headers,
  });
  expect(out.statusCode).toBe(200);
  const rotated = await shop.app.inject({
    method: 'POST',
    url: `/api/admin/servers/${serverId}/plugin-key`,
    headers: owner.headers,
  });
  expect(rotated.statusCode, rotated.body).toBe(200);

  target = freshDataDir();
  await restoreBackup(written.file, target.options);
  restored = await target.open();
  copy = await createSecondInstance({ ...shop, database: restored });
}, 120_000);

afterAll(async () => {
  await copy?.close();
  await restored?.close();
  await target?.drop();
  await shop?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('a restored shop', () => {
  it('ends every session of the backup and voids its sign-in codes', async () => {
    // The player's session was live in the backup; signed out since, it stays signed out.
    const profile = await copy.inject({ url: '/api/auth/profile', headers: player.headers });
    expect(profile.statusCode).toBe(401);
    const admin = await copy.inject({ url: '/api/admin/servers', headers: owner.headers });
    expect(admin.statusCode).toBe(401);
    const [codes] = await queryRows<{ n: number }>(
      restored.db,
      sql`select count(*)::int as n from sign_in_codes`,
    );
    expect(codes?.n).toBe(0);
    // The journal names the restore and still verifies.
    const [entry] = await queryRows<{ action: string; actor_name: string; after: string }>(
      restored.db,
      sql`select action, actor_name, after from audit_log where action = 'backup.restore'`,
    );
    expect(entry).toMatchObject({ action: 'backup.restore', actor_name: 'npm run restore' });
    expect(JSON.parse(entry!.after)).toMatchObject({ sessionsEnded: 2, serversToReissue: 1 });
    expect((await verifyAuditChain(restored.db, { full: true })).verified).toBe(true);
  });

  it("marks the backup's plugin keys for a new one until the owner issues it", async () => {
    const signedIn = await createAccount(copy, shop.config, 'owner', owner.steamId);
    const keys = async () =>
      (
        await copy.inject({ url: '/api/admin/backups/restored-keys', headers: signedIn.headers })
      ).json();
    const [server] = await createServersRepository(restored.db).list();
    expect(server?.pluginKey).toBe(backupKey);
    expect(await keys()).toEqual({
      restoredAt: expect.any(String),
      servers: [{ id: serverId, name: 'Classic' }],
    });
    const reissued = await copy.inject({
      method: 'POST',
      url: `/api/admin/servers/${serverId}/plugin-key`,
      headers: signedIn.headers,
    });
    expect(reissued.statusCode, reissued.body).toBe(200);
    expect(await keys()).toMatchObject({ servers: [] });
  });

  it('asks nothing of a shop that was never restored', async () => {
    const reply = await shop.app.inject({
      url: '/api/admin/backups/restored-keys',
      headers: owner.headers,
    });
    expect(reply.json()).toEqual({ restoredAt: null, servers: [] });
  });
});
