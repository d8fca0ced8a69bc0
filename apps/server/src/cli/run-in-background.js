/**
 * `npm run backup` and `npm run export`: runs the TypeScript command named first, with the rest of
 * the arguments, as a background job of the machine, so that the shop's purchases get the CPU first.
 *
 * A nice value alone does not do that on Linux. The kernel first deals CPU time between sessions
 * (a login, a cron job, a service: "autogroups"), equally, and a nice value counts only among the
 * processes of one session; a backup started from a shell or by cron would take as much CPU as the
 * whole shop. So the command runs in a session of its own, whose group is lowered, as are its
 * threads (the command lowers the threads it starts with, and lowers it all further once it can,
 * lib/low-priority.ts).
 * Under a service manager or a container that puts processes in CPU groups of their own, sessions
 * make no groups and the nice value does the work.
 *
 * Plain JavaScript: this process only waits, and starting TypeScript would cost more CPU than the
 * wait does.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Low priority from the start, as lib/low-priority.ts's SNAPSHOT_NICENESS: the command lowers its
 * group further (to 19) itself once it holds no snapshot that the shop's database waits on.
 */
const LOW = 10;
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: node run-in-background.js <command.ts> [arguments]');
  process.exit(2);
}

const child = spawn(process.execPath, ['--import', 'tsx', command, ...args], {
  detached: true,
  stdio: 'inherit',
});
try {
  writeFileSync(`/proc/${child.pid}/autogroup`, String(LOW));
} catch {
  // Not Linux, or no autogroups: its nice value is what counts there.
}
try {
  setPriority(child.pid ?? 0, LOW);
} catch {
  // Not allowed: the command still lowers its own threads.
}
// The command is not in the terminal's process group any more: Ctrl-C reaches it through here.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('error', (error) => {
  console.error(error.message);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
