import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** What a private data folder's entries allow: their owner only. */
const PRIVATE = { folder: 0o700, file: 0o600 } as const;
/** The permission bits of the group and of every other account. */
const OTHERS = 0o077;
/** How many entries a warning names before it counts the rest. */
const NAMED = 3;

/**
 * Makes DATA_DIR the shop's account's alone: the embedded database (its WAL holds RCON passwords
 * and plugin keys as they were written), backups, the journal key. The process's umask becomes
 * 0077, so every file PGlite writes from now on is 0600 and every folder 0700 (PGlite creates its
 * files 0666 and leaves the rest to the umask); what is already there is set so, and then checked.
 * Returns a warning for what stays open (a file of another owner, a filesystem without Unix
 * permissions), naming it and the command that closes it; null when all is private.
 */
export function secureDataFolder(dataDir: string): string | null {
  try {
    process.umask(process.umask() | OTHERS);
  } catch {
    // A worker thread may not change the umask; the folder is still set below.
  }
  const open: string[] = [];
  const visit = (entry: string) => {
    let stat;
    try {
      stat = lstatSync(entry);
    } catch {
      return; // Gone since it was listed (a WAL segment removed).
    }
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? PRIVATE.folder : PRIVATE.file;
    if ((stat.mode & OTHERS) !== 0) {
      try {
        chmodSync(entry, (stat.mode & 0o700) | wanted);
      } catch {
        // Checked just below, with every other entry that stays open.
      }
      if ((lstatSync(entry).mode & OTHERS) !== 0) open.push(entry);
    }
    if (stat.isDirectory()) {
      let names: string[];
      try {
        names = readdirSync(entry);
      } catch {
        return;
      }
      for (const name of names) visit(path.join(entry, name));
    }
  };
  visit(dataDir);
  if (open.length === 0) return null;
  const named = open.slice(0, NAMED).join(', ');
  const more = open.length > NAMED ? ` and ${open.length - NAMED} more` : '';
  return (
    `DATA_DIR ${dataDir} is not private: ${named}${more} could not be set to the shop's account ` +
    `alone, so other accounts of this machine may read the database (RCON passwords, plugin keys). ` +
    `Run the shop as the folder's owner, or: chmod -R go= ${dataDir}`
  );
}
