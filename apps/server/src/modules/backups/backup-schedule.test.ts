import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { fund } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp } from '../../test-support/test-app';
import { createPostgresTestDatabase } from '../../test-support/test-database';
import { waitUntil } from '../../test-support/wait-until';
import { backupCommand } from './backup-command';
import { lastBackup } from './backup-service';
import { startControlServer } from '../../plugins/control-socket';
import { restoreBackup } from './restore-backup';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-schedule-'));
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const backupFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.sql.gz'));

describe('scheduled backups', () => {
  it('are taken by the leader once the newest is a period old, BACKUP_KEEP kept, and the overview warns after two periods', async () => {
    const dataDir = folder();
    const shop = await createTestApp(
      { DATA_DIR: dataDir, BACKUP_EVERY_HOURS: '1', BACKUP_KEEP: '2' },
      { backups: { schedule: true, firstCheckMs: 0, checkIntervalMs: 50 } },
    );
    try {
      const admin = await createAccount(shop.app, shop.config, 'admin');
      const status = async () =>
        (await shop.app.inject({ url: '/api/admin/backups', headers: admin.headers })).json();
      await waitUntil(async () => (await lastBackup(shop.app.db)) !== undefined, {
        timeoutMs: 60_000,
        what: 'the first scheduled backup',
      });
      expect(await status()).toMatchObject({
        everyHours: 1,
        keep: 2,
        stale: false,
        last: { trigger: 'schedule', schemaVersion: expect.any(Number) },
      });
      await shop.app.backups.take({ trigger: 'command' });
      expect(backupFiles(path.join(dataDir, 'backups'))).toHaveLength(2);

      // Three hours on, the newest is older than two periods: the overview warns, and the
      // leader's next look takes a fresh one.
      await shop.app.db.execute(sql`update backups set taken_at = taken_at - interval '3 hours'`);
      expect((await status()).stale).toBe(true);
      await waitUntil(async () => !(await status()).stale, {
        timeoutMs: 60_000,
        what: 'the overdue backup',
      });
      // Three taken, the oldest pruned.
      expect(backupFiles(path.join(dataDir, 'backups'))).toHaveLength(2);
    } finally {
      await shop.close();
    }
  }, 120_000);

  it('are not scheduled on PostgreSQL by default, and then no warning shows', async () => {
    const shop = await createTestApp(
      { DATA_DIR: folder(), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      { backups: { schedule: true, firstCheckMs: 0, checkIntervalMs: 50 } },
    );
    try {
      const admin = await createAccount(shop.app, shop.config, 'admin');
      const reply = await shop.app.inject({ url: '/api/admin/backups', headers: admin.headers });
      expect(reply.json()).toEqual({ everyHours: 0, keep: 14, last: null, stale: false });
      const player = await createAccount(shop.app, shop.config);
      const refused = await shop.app.inject({ url: '/api/admin/backups', headers: player.headers });
      expect(refused.statusCode).toBe(403);
    } finally {
      await shop.close();
    }
  });
});

describe('npm run backup and npm run export', () => {
  it('go through a running embedded shop; restore and a second shop are refused while it runs', async () => {
    const dataDir = folder();
    const out = folder();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    const database = await openDatabase({ dataDir });
    const app = await buildApp({ config, database, controlSocket: true });
    await app.ready();
    let closed = false;
    try {
      const player = await createAccount(app, config);
      await fund({ app }, player.id, 250);
      const env = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      const { stdout } = await promisify(execFile)(
        'npm',
        ['run', '--silent', 'backup', '--', '--out', out],
        { env },
      );
      expect(stdout).toMatch(
        /Backup written \(taken by the running shop\): .*schema-\d{4}\.sql\.gz/,
      );
      expect(stdout).toMatch(/users\s+1/);
      expect(backupFiles(out)).toHaveLength(1);
      const exported = await promisify(execFile)(
        'npm',
        ['run', '--silent', 'export', '--', path.join(out, 'shop.zip')],
        { env },
      );
      expect(exported.stdout).toMatch(/Export written \(by the running shop\): .*shop\.zip/);
      expect(Object.keys(unzipSync(readFileSync(path.join(out, 'shop.zip'))))).toContain(
        'players.csv',
      );

      await expect(
        restoreBackup(path.join(out, backupFiles(out)[0]!), { dataDir }, { force: true }),
      ).rejects.toThrow(/A shop is running on .*: stop it, then restore/);
      await expect(startControlServer(dataDir, async () => null)).rejects.toThrow(
        /Another shop process is running/,
      );

      await app.close();
      await database.close();
      closed = true;
      const stopped = await backupCommand(config, undefined);
      expect(stopped).toMatchObject({ throughRunningShop: false, header: { source: 'pglite' } });
      expect(stopped.header.rows.users).toBe(1);
      expect(existsSync(stopped.file)).toBe(true);
      expect(path.dirname(stopped.file)).toBe(path.join(dataDir, 'backups'));
    } finally {
      if (!closed) {
        await app.close();
        await database.close();
      }
    }
  }, 120_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'reads PostgreSQL over its own connection, without migrating it',
    async () => {
      const created = await createPostgresTestDatabase(process.env.TEST_DATABASE_URL!);
      const database = await created.open();
      try {
        const config = loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: folder(),
          DATABASE_URL: created.url,
        });
        const written = await backupCommand(config, undefined);
        expect(written).toMatchObject({
          throughRunningShop: false,
          header: { source: 'postgres' },
        });
        expect(await lastBackup(database.db)).toMatchObject({ trigger: 'command' });
      } finally {
        await database.close();
      }
    },
  );
});
