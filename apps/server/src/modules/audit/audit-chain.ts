import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { asc, eq, gt, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { loadConfig } from '../../config';
import type { Db } from '../../db/client';
import { auditCheckpoint, auditLog } from '../../db/schema/index';

export type AuditRow = typeof auditLog.$inferSelect;
type HashedFields = Omit<AuditRow, 'id' | 'hash'>;

/** The hash the first row links to. */
export const AUDIT_GENESIS = '0'.repeat(64);
/** Rows written before the keyed chain: a plain sha256, which anyone could recompute. */
export const LEGACY_SCHEME = 1;
/** Every row written since: an HMAC-sha256 under AUDIT_KEY. */
export const KEYED_SCHEME = 2;

/** Where each new entry's id and hash go, so that cutting the newest rows shows against the log. */
export interface AuditHeadLog {
  info(fields: object, message: string): void;
}

let key: string | null = null;
let headLog: AuditHeadLog | null = null;

/**
 * Sets the key (and the log) of this process's journal: the app does it from its Config, a command
 * line tool from its own. A process that did neither (a tool) takes AUDIT_KEY from its environment
 * as the Config would, so no entry is ever written under no key.
 */
export function useAuditKey(auditKey: string, log?: AuditHeadLog): void {
  key = auditKey;
  if (log) headLog = log;
}

/**
 * A command line tool's journal settings: its AUDIT_KEY, and each new head as a JSON line on its
 * error stream (its output stays the command's own).
 */
export function useAuditKeyInCommand(config: { auditKey: string; logLevel: string }): void {
  useAuditKey(config.auditKey, pino({ level: config.logLevel }, pino.destination(2)));
}

function currentKey(): string {
  key ??= loadConfig().auditKey;
  return key;
}

/** Tells the log the journal's new head: id and hash, never the entry's content. */
export function logAuditHead(head: { id: number; hash: string; action: string }): void {
  // Also the owner's one line per admin action (lib/business-events.ts): what, and its entry.
  headLog?.info({ event: 'admin_action', action: head.action, auditHead: head }, 'admin action');
}

/** The fields a row's hash covers, in a fixed order; the scheme too, from scheme 2 on. */
function content(row: HashedFields, withScheme: boolean): string {
  return JSON.stringify([
    ...(withScheme ? [row.scheme] : []),
    row.prevHash,
    row.actorId,
    row.actorName,
    row.action,
    row.targetType,
    row.targetId,
    row.targetName,
    row.before,
    row.after,
    row.reason,
    row.ip,
    row.createdAt.toISOString(),
  ]);
}

/** Scheme 1, kept to verify the rows written before the keyed chain. */
export function hashRow(row: HashedFields): string {
  return createHash('sha256').update(content(row, false)).digest('hex');
}

/** Scheme 2: an HMAC under the key, which whoever can only write the database does not have. */
export function macRow(row: HashedFields, auditKey: string = currentKey()): string {
  return createHmac('sha256', auditKey).update(content(row, true)).digest('hex');
}

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function rowHashHolds(row: AuditRow, auditKey: string): boolean {
  if (row.scheme === KEYED_SCHEME) return sameHex(macRow(row, auditKey), row.hash);
  return row.scheme === LEGACY_SCHEME && hashRow(row) === row.hash;
}

export interface ChainCheck {
  verified: boolean;
  /** Entries from the first one up to where the verification got (all of them when verified). */
  checked: number;
  brokenAt: number | null;
  /** Whether this verification walked the whole chain rather than from the checkpoint on. */
  full: boolean;
  /** Entries whose hashes this verification computed. */
  walked: number;
}

interface Start {
  afterId: number;
  previous: string;
  entries: number;
  keyed: boolean;
}

const GENESIS_START: Start = { afterId: 0, previous: AUDIT_GENESIS, entries: 0, keyed: false };

const checkpointMac = (auditKey: string, entryId: number, hash: string, entries: number) =>
  createHmac('sha256', auditKey)
    .update(JSON.stringify(['audit-checkpoint', entryId, hash, entries]))
    .digest('hex');

/**
 * Where the last verification left off, if it can be trusted: its MAC holds under the key, and its
 * entry is still there with the hash it had. Otherwise the whole chain is walked again.
 */
async function checkpointStart(db: Db, auditKey: string): Promise<Start | null> {
  const [point] = await db.select().from(auditCheckpoint).limit(1);
  if (!point) return null;
  if (!sameHex(checkpointMac(auditKey, point.entryId, point.hash, point.entries), point.mac)) {
    return null;
  }
  const [row] = await db.select().from(auditLog).where(eq(auditLog.id, point.entryId)).limit(1);
  // The checkpoint's own entry is checked again too: it is the link everything after it hangs on.
  if (!row || row.hash !== point.hash || !rowHashHolds(row, auditKey)) return null;
  return {
    afterId: row.id,
    previous: row.hash,
    entries: point.entries,
    keyed: row.scheme === KEYED_SCHEME,
  };
}

async function saveCheckpoint(
  db: Db,
  auditKey: string,
  head: { id: number; hash: string },
  entries: number,
  full: boolean,
): Promise<void> {
  const update = {
    entryId: head.id,
    hash: head.hash,
    entries,
    mac: checkpointMac(auditKey, head.id, head.hash, entries),
    verifiedAt: new Date(),
  };
  await db
    .insert(auditCheckpoint)
    .values({ id: 1, ...update })
    .onConflictDoUpdate({
      target: auditCheckpoint.id,
      set: update,
      // A verification from the checkpoint only moves it forward; a full one may also replace one
      // that could not be trusted.
      ...(full ? {} : { setWhere: sql`${auditCheckpoint.entryId} < ${head.id}` }),
    });
}

/**
 * Verifies the chain: each row must link to the hash of the row before it and its own hash must
 * match its content (an HMAC under the key from scheme 2 on; no scheme 1 row after a scheme 2 one).
 * An edited row fails its hash, a deleted one breaks the link of the row after it, a row forged
 * without the key fails its HMAC. By default it starts at the last verified entry (the checkpoint)
 * and moves the checkpoint to the head; `full` walks from the first entry, and is what finds a row
 * changed before the checkpoint.
 */
export async function verifyAuditChain(
  db: Db,
  options: { full?: boolean; batch?: number } = {},
): Promise<ChainCheck> {
  const auditKey = currentKey();
  const batch = options.batch ?? 2_000;
  const fromCheckpoint = options.full ? null : await checkpointStart(db, auditKey);
  const full = fromCheckpoint === null;
  let { afterId, previous, entries, keyed } = fromCheckpoint ?? GENESIS_START;
  let head: { id: number; hash: string } | null = null;
  let walked = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, afterId))
      .orderBy(asc(auditLog.id))
      .limit(batch);
    for (const row of rows) {
      const downgraded = keyed && row.scheme !== KEYED_SCHEME;
      if (downgraded || row.prevHash !== previous || !rowHashHolds(row, auditKey)) {
        return { verified: false, checked: entries, brokenAt: row.id, full, walked };
      }
      keyed ||= row.scheme === KEYED_SCHEME;
      previous = row.hash;
      entries += 1;
      walked += 1;
      head = { id: row.id, hash: row.hash };
    }
    const lastRow = rows.at(-1);
    if (!lastRow || rows.length < batch) break;
    afterId = lastRow.id;
  }
  if (head) await saveCheckpoint(db, auditKey, head, entries, full);
  return { verified: true, checked: entries, brokenAt: null, full, walked };
}
