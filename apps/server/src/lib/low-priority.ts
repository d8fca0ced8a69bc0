import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** Niceness of a backup or an export beside a running shop: when the CPU is short, purchases win. */
export const BACKGROUND_NICENESS = 19;

/**
 * Niceness of a PostgreSQL backup while its snapshot is open: low, but not so low that the snapshot,
 * which keeps PostgreSQL from cleaning up after purchases, stays open for long (decision 0031).
 */
export const SNAPSHOT_NICENESS = 10;

/** Whether this process leads a session of its own, and so has its CPU group to itself. */
function leadsItsSession(): boolean {
  try {
    // /proc/self/stat: "pid (name) state ppid pgrp session …"; the name may hold spaces.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ');
    return Number(fields?.[3]) === process.pid;
  } catch {
    return false;
  }
}

/**
 * Lowers this whole process's CPU priority to `niceness` (never raises it). On Linux a nice value
 * belongs to a thread, and `setPriority(pid)` reaches the main thread alone: libuv's pool, where
 * zlib compresses, and V8's helpers (the garbage collector) would go on at full priority. So every
 * thread the process has is lowered; threads it starts later take the value of the thread that
 * starts them. And Linux deals CPU time between sessions first: a process that leads its own
 * session (run-in-background.js) lowers its session's group too. Refusals are ignored: the work is
 * only slower to give way then.
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
      // Root may raise a priority too: a thread already lower stays as it is.
      if (getPriority(id) < niceness) setPriority(id, niceness);
    } catch {
      // Not allowed here, or the thread has ended.
    }
  }
  if (leadsItsSession()) {
    try {
      const group = readFileSync('/proc/self/autogroup', 'utf8');
      if (Number(/nice (-?\d+)/.exec(group)?.[1] ?? 0) < niceness) {
        writeFileSync('/proc/self/autogroup', String(niceness));
      }
    } catch {
      // No autogroups here: the nice values are what count.
    }
  }
}
