import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { secureDataFolder } from './data-folder';

/**
 * PostgreSQL settings of the embedded database. PGlite's WebAssembly memory is resident and never
 * shrinks, and PostgreSQL zeroes its shared buffers at start, so every megabyte here is a megabyte
 * of the shop's idle RSS. A shop's database is a few megabytes and the operating system caches its
 * files anyway: 16 MB of buffers instead of the default 128 MB costs nothing measurable.
 */
export const EMBEDDED_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
  // A checkpoint every 64 MB of WAL instead of 1 GB, and old WAL files removed rather than kept for
  // reuse: with 16 MB of buffers a checkpoint costs little, and the folder a backup copies (and the
  // WAL its copy replays) stays the tables and a segment or two instead of up to a gigabyte.
  max_wal_size: '64MB',
  wal_recycle: 'off',
};

/** How often a running shop checks that its data folder is still private. */
const RECHECK_MS = 10 * 60_000;

/** Runs in a child process: PGlite creates the cluster (initdb) and closes it. CommonJS on purpose. */
const CREATE_CLUSTER = `
const [modulePath, dataDir] = process.argv.slice(1);
const { PGlite } = require(modulePath);
PGlite.create(dataDir).then((pg) => pg.close()).catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

/**
 * Creates the database cluster of a fresh data folder in a short-lived process. initdb grows
 * WebAssembly memories to ~600 MB that a process never gets back (not after `close()`, not after a
 * worker thread ends); a process that exits gives all of it back to the system.
 */
async function createCluster(dataPath: string): Promise<void> {
  const pgliteModule = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  try {
    await promisify(execFile)(process.execPath, ['-e', CREATE_CLUSTER, pgliteModule, dataPath], {
      env: { PATH: process.env.PATH ?? '' },
      timeout: 5 * 60_000,
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    const reason = stderr || (error instanceof Error ? error.message : 'unknown error');
    throw new Error(`Could not create the embedded database in ${dataPath}: ${reason}`, {
      cause: error,
    });
  }
}

/**
 * The embedded database: in `dataPath` (created on first use) or, without one, in memory (tests).
 * PGlite is loaded here, on first use, so a shop on PostgreSQL never loads it (~15 MB).
 */
export async function openEmbedded(
  dataPath: string | undefined,
  warn: (message: string) => void = console.warn,
): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  // DATA_DIR (the folder above the cluster) is the shop's account's alone, before and after initdb.
  const secure = () => {
    const warning = dataPath ? secureDataFolder(path.dirname(dataPath)) : null;
    if (warning) warn(warning);
  };
  secure();
  if (dataPath && !existsSync(path.join(dataPath, 'PG_VERSION'))) {
    await createCluster(dataPath);
    secure();
  }
  const startParams = [
    ...PGlite.defaultStartParams,
    ...Object.entries(EMBEDDED_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  const pg = await PGlite.create(dataPath, { startParams });
  // PGlite sets the modes of some files it writes itself (pg_internal.init as 0644), whatever the
  // umask: the folder is set private again once it runs, and every few minutes while it does.
  secure();
  if (dataPath) {
    const recheck = setInterval(secure, RECHECK_MS);
    recheck.unref();
    const close = pg.close.bind(pg);
    pg.close = async () => {
      clearInterval(recheck);
      await close();
      secure();
    };
  }
  return pg;
}
