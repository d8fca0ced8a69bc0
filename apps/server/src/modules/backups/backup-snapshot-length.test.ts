import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDataShop, type DataShop } from '../../test-support/data-shop';
import { writeBackupFile } from './backup-files';
import { dumpDatabase } from './database-dump';

/**
 * A backup's snapshot keeps PostgreSQL from cleaning up the row versions purchases leave, so on
 * PostgreSQL it must end before the slow part, making backup lines at low priority, begins.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)('a backup from PostgreSQL', () => {
  let data: DataShop;
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-backup-snapshot-'));

  beforeAll(async () => {
    data = await startDataShop();
  }, 120_000);
  afterAll(async () => {
    await data.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** Backends of this database still serving the backup's connection (and so its snapshot). */
  const backupSessions = () =>
    data.shop.app.dbRun<{ pid: number }>({
      name: 'test_backup_sessions',
      text: `select pid from pg_stat_activity
        where application_name = 'shop-backup' and datname = current_database()`,
      values: [],
    });
  const spillFiles = () => readdirSync(folder).filter((name) => name.endsWith('.copy'));

  it('has let go of its snapshot and connection before it writes the first row', async () => {
    const seen: Array<{ sessions: number; spills: number }> = [];
    const written = await writeBackupFile(folder, (write) =>
      dumpDatabase(
        data.shop.database,
        async (line) => {
          const text = Buffer.from(line).subarray(0, 20).toString();
          if (text.startsWith('INSERT INTO')) {
            seen.push({ sessions: (await backupSessions()).length, spills: spillFiles().length });
          }
          await write(line);
        },
        { spillDir: folder },
      ),
    );
    expect(written.header.rows.users).toBe(5);
    expect(seen.length).toBeGreaterThan(5);
    // While the rows became lines: no backend of the backup's, its tables' text in one file.
    expect(seen.every((moment) => moment.sessions === 0 && moment.spills === 1)).toBe(true);
    expect(spillFiles()).toEqual([]);
  }, 60_000);

  it('removes the tables it had read when the backup fails half way', async () => {
    const failure = new Error('disk full');
    await expect(
      writeBackupFile(folder, (write) =>
        dumpDatabase(
          data.shop.database,
          async (line) => {
            if (Buffer.from(line).subarray(0, 20).toString().startsWith('INSERT INTO')) {
              throw failure;
            }
            await write(line);
          },
          { spillDir: folder },
        ),
      ),
    ).rejects.toBe(failure);
    expect(readdirSync(folder).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(await backupSessions()).toEqual([]);
  }, 60_000);

  it("fails with the file's own error, and lets go of its snapshot, when the tables cannot be written", async () => {
    await expect(
      dumpDatabase(data.shop.database, () => Promise.resolve(), {
        spillDir: path.join(folder, 'gone', 'deeper'),
      }),
    ).rejects.toThrow(/ENOENT/);
    expect(await backupSessions()).toEqual([]);
  }, 30_000);
});
