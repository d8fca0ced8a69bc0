import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../paths';

/**
 * A process that lowers itself, run apart (a nice value cannot be raised again): zlib's pool has
 * threads before the call, a worker thread starts after it. Prints every thread's nice value.
 */
const probe = `
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { lowerPriority } from './src/lib/low-priority.ts';

await Promise.all(Array.from({ length: 4 }, () => promisify(gzip)(Buffer.alloc(1 << 20))));
lowerPriority();
// A later, milder call (a backup whose snapshot is open) never raises what is already lower.
lowerPriority(10);
const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
await new Promise((resolve) => worker.once('online', resolve));
await promisify(gzip)(Buffer.alloc(1 << 20));
const nice = readdirSync('/proc/self/task').map(
  (id) => Number(readFileSync('/proc/self/task/' + id + '/stat', 'utf8').split(') ')[1].split(' ')[16]),
);
console.log(JSON.stringify(nice));
await worker.terminate();
`;

describe.skipIf(!existsSync('/proc/self/task'))('lowering a process for a backup', () => {
  it('lowers every thread, those started before (zlib, the garbage collector) and after, and never raises one', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', probe],
      { cwd: SERVER_ROOT },
    );
    const nice = JSON.parse(stdout) as number[];
    // The main thread, V8's helpers, libuv's pool and the worker: a dozen or more.
    expect(nice.length).toBeGreaterThan(8);
    expect(new Set(nice)).toEqual(new Set([19]));
  });
});

/**
 * A command that says what session and CPU group it starts in, lowers itself as a backup does once
 * its snapshot is released, says its group again, then exits with 3.
 */
const command = (lowPriority: string) => `
import { readFileSync } from 'node:fs';
import { lowerPriority } from ${JSON.stringify(lowPriority)};
const stat = (file: string) => readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
const group = () => readFileSync('/proc/self/autogroup', 'utf8').trim();
const started = group();
lowerPriority();
console.log(JSON.stringify({
  pid: process.pid,
  session: Number(stat('/proc/self/stat')[3]),
  started,
  lowered: group(),
  args: process.argv.slice(2),
}));
process.exit(3);
`;

describe.skipIf(!existsSync('/proc/self/autogroup'))('npm run backup and export', () => {
  it('run their command in a session of its own, whose CPU group is low, and lowest once the command says so', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'shop-background-'));
    try {
      const file = path.join(folder, 'command.ts');
      writeFileSync(file, command(path.join(SERVER_ROOT, 'src/lib/low-priority.ts')));
      const launcher = path.join(SERVER_ROOT, 'src/cli/run-in-background.js');
      const run = promisify(execFile)(process.execPath, [launcher, file, '--out', 'x']);
      // Its exit status comes back through the launcher.
      const failed = await run.then(
        () => null,
        (error: { code: number; stdout: string }) => error,
      );
      expect(failed?.code).toBe(3);
      const seen = JSON.parse(failed!.stdout) as Record<string, unknown>;
      expect(seen.session).toBe(seen.pid);
      expect(seen.started).toMatch(/ nice 10$/);
      expect(seen.lowered).toMatch(/ nice 19$/);
      expect(seen.args).toEqual(['--out', 'x']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
