import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Niceness of a backup or an export beside a running shop: when the CPU is short, purchases win. */
export const BACKGROUND_NICENESS = 19;

/**
 * Lowers this whole process's CPU priority. On Linux a nice value belongs to a thread, and
 * `setPriority(pid)` reaches the main thread alone: libuv's pool, where zlib compresses, and V8's
 * helpers (the garbage collector) would go on at full priority. So every thread the process has
 * is lowered; threads it starts later take the value of the thread that starts them. Where
 * threads cannot be listed, the process as the system sees it is lowered. Refusals are ignored:
 * the work is only slower to give way then.
 */
export function lowerPriority(niceness = BACKGROUND_NICENESS): void {
  let threads: number[] = [];
  try {
    threads = readdirSync('/proc/self/task').map(Number).filter(Number.isInteger);
  } catch {
    // Not Linux: the process as a whole.
  }
  for (const id of threads.length > 0 ? threads : [0]) {
    try {
      setPriority(id, niceness);
    } catch {
      // Not allowed here, or the thread has ended.
    }
  }
}
