import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { secureDataFolder } from './data-folder';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-private-'));
const umask = process.umask();
afterAll(() => {
  process.umask(umask);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every entry under `folder` whose group or other accounts have any permission. */
function openEntries(folder: string): string[] {
  const open: string[] = [];
  const visit = (entry: string) => {
    const stat = lstatSync(entry);
    if ((stat.mode & 0o077) !== 0) open.push(`${(stat.mode & 0o777).toString(8)} ${entry}`);
    if (stat.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(folder);
  return open;
}

const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;

describe('the data folder', () => {
  it('is the shop account’s alone: 0700 folders, 0600 files, old and new', async () => {
    // A folder as `mkdir data` makes it, with a backup from before and the usual umask.
    process.umask(0o022);
    chmodSync(dataDir, 0o755);
    mkdirSync(path.join(dataDir, 'backups'), { mode: 0o755 });
    writeFileSync(path.join(dataDir, 'backups', 'old.tar'), 'a backup', { mode: 0o644 });

    const database = await openDatabase({ dataDir });
    await database.db.execute(sql`insert into game_items (id, shortname, name_en, category)
      values (1545779598, 'rifle.ak', 'Assault Rifle', 'weapons')`);
    await database.db.execute(sql`checkpoint`);
    // Files PGlite writes from now on: a new WAL segment.
    await database.db.execute(sql`select pg_switch_wal()`);
    await database.db.execute(sql`insert into game_items (id, shortname, name_en, category)
      values (1, 'wood', 'Wood', 'resources')`);
    await database.close();
    expect(openEntries(dataDir)).toEqual([]);

    if (isRoot) {
      // As the reviewer did: another account of the machine reads nothing, not even the names.
      const wal = path.join(dataDir, 'pglite', 'pg_wal');
      const asNobody = (command: string, ...args: string[]) =>
        spawnSync(command, args, { uid: NOBODY, gid: NOBODY, encoding: 'utf8' });
      expect(asNobody('ls', wal).status).not.toBe(0);
      expect(asNobody('cat', path.join(dataDir, 'pglite', 'PG_VERSION')).status).not.toBe(0);
    }
  }, 120_000);

  it('puts back what was opened since, at the next start', async () => {
    const version = path.join(dataDir, 'pglite', 'PG_VERSION');
    chmodSync(version, 0o666);
    chmodSync(path.join(dataDir, 'pglite'), 0o777);
    const database = await openDatabase({ dataDir, migrations: 'none' });
    await database.close();
    expect(openEntries(dataDir)).toEqual([]);
  }, 120_000);

  it('warns, naming the file and the command, where it cannot make one private', () => {
    const stuck = path.join(dataDir, 'stuck.log');
    writeFileSync(stuck, 'x', { mode: 0o644 });
    chmodSync(stuck, 0o644);
    // An immutable file: not even its owner (root included) may change its mode.
    const immutable = spawnSync('chattr', ['+i', stuck]).status === 0;
    try {
      const warning = secureDataFolder(dataDir);
      if (!immutable) {
        expect(warning).toBeNull();
        return;
      }
      expect(warning).toContain(stuck);
      expect(warning).toContain(`chmod -R go= ${dataDir}`);
      expect(openEntries(dataDir)).toEqual([`644 ${stuck}`]);
    } finally {
      spawnSync('chattr', ['-i', stuck]);
      rmSync(stuck);
    }
    expect(secureDataFolder(dataDir)).toBeNull();
  });
});
