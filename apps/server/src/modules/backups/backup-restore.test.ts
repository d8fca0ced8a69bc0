import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { latestSchemaVersion, schemaVersionOf } from '../../db/schema-version';
import {
  contents,
  freshDataDir,
  freshPostgres,
  type DataTarget,
} from '../../test-support/data-targets';
import { startDataShop, type DataShop } from '../../test-support/data-shop';
import { verifyAuditChain } from '../audit/audit-log';
import { checkLedger } from '../ledger/ledger';
import { startLine } from './backup-format';
import { sidecarOf, writeBackupFile, type WrittenBackup } from './backup-files';
import { dumpDatabase } from './database-dump';
import { restoreBackup } from './restore-backup';

const postgresUrl = process.env.TEST_DATABASE_URL;
const folder = mkdtempSync(path.join(tmpdir(), 'shop-backups-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Every table but the record of backups, which gained the backup's own row after its snapshot. */
const withoutBackups = ({ backups: _taken, ...rest }: Record<string, string>) => rest;

/**
 * Every table but those a restore changes on purpose (restore-aftermath.ts): every session ended,
 * every sign-in code voided, the restore journaled; and the shop's identity marked a restored copy
 * (restored-copy.test.ts). Their checks are those tests' own.
 */
const withoutRestoreAftermath = ({
  sessions: _sessions,
  sign_in_codes: _codes,
  audit_log: _journal,
  shop_identity: _identity,
  ...rest
}: Record<string, string>) => withoutBackups(rest);

/** An empty database of `kind`. */
const emptyDatabase = async (kind: 'pglite' | 'postgres') =>
  kind === 'postgres' && postgresUrl ? freshPostgres(postgresUrl) : freshDataDir();

/** The backup's file with its lines changed by `edit`, gzip'd again. */
function editedBackup(from: string, name: string, edit: (lines: string[]) => string[]): string {
  const lines = gunzipSync(readFileSync(from)).toString('utf8').split('\n');
  const file = path.join(folder, name);
  writeFileSync(file, gzipSync(edit(lines).join('\n')));
  return file;
}

describe.each(postgresUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const))(
  'backup and restore, %s',
  (kind) => {
    let data: DataShop;
    let written: WrittenBackup;
    let target: DataTarget;

    beforeAll(async () => {
      data = await startDataShop(kind === 'pglite' ? 'pglite' : undefined);
      written = await data.shop.app.backups.take({ dir: folder, trigger: 'command' });
      target = await emptyDatabase(kind);
    }, 120_000);

    afterAll(async () => {
      await data.close();
      await target.drop();
    });

    it('names its time, schema and rows in the file name and the sidecar', () => {
      expect(path.basename(written.file)).toMatch(
        /^shop-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-schema-\d{4}\.sql\.gz$/,
      );
      const sidecar = JSON.parse(readFileSync(sidecarOf(written.file), 'utf8'));
      expect(sidecar).toMatchObject({
        schemaVersion: latestSchemaVersion(),
        takenAt: written.header.takenAt,
        bytes: written.bytes,
      });
      expect(sidecar.rows).toMatchObject({ users: 5, orders: 3, promo_activations: 1 });
      expect(sidecar.rows.transactions).toBeGreaterThanOrEqual(8);
    });

    it('restores into an empty database with equal rows, every balance equal to its ledger', async () => {
      const result = await restoreBackup(written.file, target.options);
      expect(result.rows).toEqual(written.header.rows);
      expect(result.ledger.mismatched).toBe(0);
      const restored = await target.open();
      try {
        const source = await contents(data.shop.database);
        expect(withoutRestoreAftermath(await contents(restored))).toEqual(
          withoutRestoreAftermath(source),
        );
        expect(await checkLedger(restored.db)).toEqual(await checkLedger(data.shop.database.db));
        expect((await verifyAuditChain(restored.db)).verified).toBe(true);
      } finally {
        await restored.close();
      }
    }, 120_000);

    it('refuses a database that is not empty, and replaces its data with --force', async () => {
      await expect(restoreBackup(written.file, target.options)).rejects.toThrow(
        /is not empty \(.*users: 5.*\)\. Add --force/,
      );
      const result = await restoreBackup(written.file, target.options, { force: true });
      expect(result.rows).toEqual(written.header.rows);
    }, 120_000);

    it('refuses a backup from a newer schema, a cut-off one and a foreign file, changing nothing', async () => {
      const restored = await target.open();
      const before = await contents(restored);
      await restored.close();

      const newer = editedBackup(written.file, `${kind}-newer.sql.gz`, ([_header, ...rest]) => [
        startLine({ ...written.header, schemaVersion: latestSchemaVersion() + 1 }),
        ...rest,
      ]);
      expect(firstLine(newer)).toContain('"schemaVersion"');
      await expect(restoreBackup(newer, target.options, { force: true })).rejects.toThrow(
        /comes from a newer shop/,
      );
      const cut = editedBackup(written.file, `${kind}-cut.sql.gz`, (lines) => lines.slice(0, -4));
      await expect(restoreBackup(cut, target.options, { force: true })).rejects.toThrow(
        /incomplete/,
      );
      const injected = editedBackup(written.file, `${kind}-injected.sql.gz`, (lines) => [
        ...lines.slice(0, 4),
        'DROP TABLE users;',
        ...lines.slice(4),
      ]);
      await expect(restoreBackup(injected, target.options, { force: true })).rejects.toThrow(
        /Line 5 is not a statement a backup holds/,
      );
      const foreign = path.join(folder, 'notes.txt');
      writeFileSync(foreign, 'hello');
      await expect(restoreBackup(foreign, target.options, { force: true })).rejects.toThrow(
        /damaged or not gzip/,
      );

      const after = await target.open();
      try {
        expect(await contents(after)).toEqual(before);
      } finally {
        await after.close();
      }
    }, 120_000);

    it.skipIf(kind !== 'pglite' || !postgresUrl)(
      'restores a backup of the embedded shop into PostgreSQL too',
      async () => {
        const other = await emptyDatabase('postgres');
        try {
          await restoreBackup(written.file, other.options);
          const restored = await other.open();
          try {
            expect(withoutRestoreAftermath(await contents(restored))).toEqual(
              withoutRestoreAftermath(await contents(data.shop.database)),
            );
          } finally {
            await restored.close();
          }
        } finally {
          await other.drop();
        }
      },
      120_000,
    );
  },
);

function firstLine(file: string): string {
  return gunzipSync(readFileSync(file)).toString('utf8').split('\n')[0] ?? '';
}

describe('a backup from an older schema', () => {
  it('is restored at its own schema, then carried forward by the later migrations', async () => {
    const source = freshDataDir();
    const target = freshDataDir();
    const newer = freshDataDir();
    try {
      const older = await openDatabase({
        ...source.options,
        migrations: latestSchemaVersion() - 1,
      });
      await older.db.execute(
        sql`insert into users (steam_id, username) values ('76561198000000077', 'Старый')`,
      );
      await older.db.execute(
        sql`select ledger_post(1, 12345, 'adjustment', 'Перенос', 'Администратор', null, null)`,
      );
      const { file, header } = await writeBackupFile(folder, (write) => dumpDatabase(older, write));
      await older.close();
      expect(header.schemaVersion).toBe(latestSchemaVersion() - 1);

      // Not into a database that this shop's version has made, though it holds no rows.
      await (await openDatabase(newer.options)).close();
      await expect(restoreBackup(file, newer.options)).rejects.toThrow(
        `The database is at schema ${latestSchemaVersion()} and the backup at ${latestSchemaVersion() - 1}`,
      );

      const result = await restoreBackup(file, target.options);
      expect(result).toMatchObject({
        schemaVersion: latestSchemaVersion(),
        ledger: { users: 1, mismatched: 0, balancesKopecks: 12345 },
      });
      const restored = await target.open();
      try {
        expect(await schemaVersionOf(restored.db)).toBe(latestSchemaVersion());
      } finally {
        await restored.close();
      }
    } finally {
      await source.drop();
      await target.drop();
      await newer.drop();
    }
  }, 120_000);
});
