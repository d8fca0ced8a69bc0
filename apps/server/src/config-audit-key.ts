import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file in DATA_DIR that keeps a development shop's own journal key. */
export const AUDIT_KEY_FILE = 'audit-key';

/**
 * The journal key of a shop outside production that was given no AUDIT_KEY and is not a demo: a
 * random one made on its first start and kept in DATA_DIR (readable by the shop's account only), so
 * its journal verifies after a restart and across its commands. The published development key is
 * the demo's alone: a shop started without NODE_ENV=production by mistake still has a secret key.
 * Returns null when the folder cannot keep one (read-only), for the caller to say so.
 */
export function localAuditKey(dataDir: string): string | null {
  const file = path.join(dataDir, AUDIT_KEY_FILE);
  const read = () => {
    const key = readFileSync(file, 'utf8').trim();
    return key.length >= 32 ? key : null;
  };
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return null;
  }
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // 'wx': of two processes starting at once, one writes and the other reads what it wrote.
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return null;
  }
  try {
    return read();
  } catch {
    return null;
  }
}
