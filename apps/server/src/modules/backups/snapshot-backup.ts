import { execFile } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';
import type { Database } from '../../db/client';
import { SERVER_ROOT } from '../../paths';
import type { WrittenBackup } from './backup-files';
import { SNAPSHOT_NICENESS } from '../../lib/low-priority';
import { extractTar } from './tar-extract';

/** The child that dumps a snapshot: the TypeScript source under tsx, or its built bundle. */
const dumper = import.meta.url.endsWith('.ts')
  ? ['--import', 'tsx', path.join(SERVER_ROOT, 'src/cli/backup-snapshot.ts')]
  : ['--enable-source-maps', path.join(SERVER_ROOT, 'dist/backup-snapshot.js')];

/** How long that child may write before it is stopped: the command waiting for it waits longer. */
export const SNAPSHOT_DUMP_TIMEOUT_MS = 60 * 60_000;

/**
 * Runs the backup child on `args`, with `env` besides PATH; resolves with what it wrote. Its main
 * thread starts low; the child sets how low for the whole of itself (cli/backup-snapshot.ts).
 */
function runDumper(args: string[], env: Record<string, string>): Promise<WrittenBackup> {
  return new Promise<WrittenBackup>((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [...dumper, ...args],
      {
        cwd: SERVER_ROOT,
        env: { PATH: process.env.PATH ?? '', ...env },
        maxBuffer: 1024 * 1024,
        timeout: SNAPSHOT_DUMP_TIMEOUT_MS,
      },
      (error, out, stderr) => {
        if (!error) return resolve(JSON.parse(out) as WrittenBackup);
        const reason = stderr.trim().split('\n').at(-1) || error.message;
        reject(new Error(`The backup process failed: ${reason}`, { cause: error }));
      },
    );
    // Its start-up at once, at the milder of its two niceness values; the child lowers itself
    // further, and the threads it has by then.
    if (child.pid) {
      try {
        setPriority(child.pid, SNAPSHOT_NICENESS);
      } catch {
        // Some systems refuse; the backup is only slower to give way then.
      }
    }
  });
}

/**
 * A backup taken by the running shop, written by a child process at low priority while the
 * shop goes on: the child's CPU (making backup lines, compressing them) never competes with
 * purchases on equal terms, and the shop's memory stays as it was.
 *
 * PostgreSQL: the child reads it over a connection of its own (database-dump.ts).
 *
 * The embedded database is single-connection and lives in this process, so a dump here would hold
 * every purchase for its whole length. Instead the data folder is copied as it is this moment
 * (queries wait a fraction of a second, decision 0023), and the child opens that copy and writes
 * the backup from it. Opened, the copy is the state of a crash at that moment: every committed
 * purchase, nothing else.
 */
export async function backupInChild(database: Database, dir: string): Promise<WrittenBackup> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (database.url) return runDumper([dir], { DATABASE_URL: database.url });
  if (!database.snapshot) throw new Error('only the embedded database takes snapshots');
  // The copy goes to disk as the data folder it is, for the child to open in place: read into its
  // memory instead, it would need the folder's size three times over.
  const copy = path.join(dir, `.shop-snapshot-${process.pid}-${Date.now()}`);
  try {
    const snapshot = await database.snapshot();
    await extractTar(new Uint8Array(await snapshot.arrayBuffer()), path.join(copy, 'pglite'));
    return await runDumper([dir, copy], {});
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}
