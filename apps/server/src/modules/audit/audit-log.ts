import type { AuditEntry } from '@shop/shared';
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/index';
import { AUDIT_GENESIS, KEYED_SCHEME, logAuditHead, macRow, type AuditRow } from './audit-chain';

export {
  AUDIT_GENESIS,
  hashRow,
  macRow,
  useAuditKey,
  useAuditKeyInCommand,
  verifyAuditChain,
  type AuditHeadLog,
  type ChainCheck,
} from './audit-chain';

/** Every writer of the log takes this lock first, so rows are chained one after another. */
const AUDIT_LOCK_KEY = 7_203_114;

export interface AuditActor {
  id: number | null;
  name: string;
  ip: string | null;
}

export interface AuditRecord {
  /** Dotted verb, e.g. `user.balance`, `server.update`, `moderation.ban`, `chat.status`. */
  action: string;
  targetType: string;
  targetId?: string | number | null;
  targetName?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** Who did it, taken from an admin request: the signed-in admin and the caller's address. */
export function actorOf(request: FastifyRequest): AuditActor {
  return {
    id: request.user?.id ?? null,
    name: request.user?.username ?? 'system',
    ip: request.ip ?? null,
  };
}

/** Secrets (RCON passwords, plugin keys) are never copied into the log, only that they changed. */
const SECRET_KEY = /password|pluginkey|secret|token/i;
const json = (value: unknown) =>
  value === undefined || value === null
    ? null
    : JSON.stringify(value, (key, inner: unknown) =>
        key && SECRET_KEY.test(key) && inner ? '•••' : inner,
      );

type Entity = { id: number | string; name?: string | null; code?: string | null } & Record<
  string,
  unknown
>;

/**
 * The record of a created, edited or deleted catalogue entity, server or promo code: for an edit only
 * the fields that changed, before and after.
 */
export function entityAudit(
  action: string,
  targetType: string,
  before: Entity | null | undefined,
  after: Entity | null | undefined,
): AuditRecord {
  const subject = after ?? before;
  let shownBefore: unknown = before ?? null;
  let shownAfter: unknown = after ?? null;
  if (before && after) {
    const changed = Object.keys(after).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
    );
    shownBefore = Object.fromEntries(changed.map((key) => [key, before[key]]));
    shownAfter = Object.fromEntries(changed.map((key) => [key, after[key]]));
  }
  return {
    action,
    targetType,
    targetId: subject?.id ?? null,
    targetName: subject?.name ?? subject?.code ?? null,
    before: shownBefore,
    after: shownAfter,
  };
}

/**
 * Appends one row to the audit log in the caller's transaction (the change and its record commit
 * together, or neither). The advisory lock orders concurrent writers so each links to the row
 * before it.
 */
export async function recordAudit(
  tx: Db,
  actor: AuditActor,
  record: AuditRecord,
  /** When it happened, if not now: the demo's history, written oldest first. */
  at: Date = new Date(),
): Promise<void> {
  await appendAudit(tx, actor, record, at);
}

/** recordAudit, answering the new row's id (a console command's entry names the one before it). */
export async function appendAudit(
  tx: Db,
  actor: AuditActor,
  record: AuditRecord,
  at: Date = new Date(),
): Promise<number | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
  const [last] = await tx
    .select({ hash: auditLog.hash })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  const row = {
    scheme: KEYED_SCHEME,
    actorId: actor.id,
    actorName: actor.name,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId == null ? null : String(record.targetId),
    targetName: record.targetName ?? null,
    before: json(record.before),
    after: json(record.after),
    reason: record.reason?.trim() ? record.reason.trim() : null,
    ip: actor.ip,
    createdAt: at,
    prevHash: last?.hash ?? AUDIT_GENESIS,
  };
  const hash = macRow(row);
  const [written] = await tx
    .insert(auditLog)
    .values({ ...row, hash })
    .returning({ id: auditLog.id });
  // Logged before the commit (there is no hook after it): the newest logged head missing from the
  // journal means cut rows; see docs/decisions/0029-keyed-journal.md for an older one.
  if (written) logAuditHead({ id: written.id, hash, action: row.action });
  return written?.id ?? null;
}

/** Records an admin's action on its own (the change itself is already committed). */
export async function recordAdminAction(
  db: Db,
  request: FastifyRequest,
  record: AuditRecord,
): Promise<void> {
  await db.transaction((tx) => recordAudit(tx, actorOf(request), record));
}

const parse = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actorId: row.actorId,
    actorName: row.actorName,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetName: row.targetName,
    before: parse(row.before),
    after: parse(row.after),
    reason: row.reason,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    hash: row.hash,
  };
}

/** One page of the log, newest first, by actor and/or target (a user id or a name). */
export async function listAudit(
  db: Db,
  filter: { actor?: number | undefined; target?: string | undefined },
  page: number,
  pageSize: number,
) {
  const conditions: SQL[] = [];
  if (filter.actor !== undefined) conditions.push(eq(auditLog.actorId, filter.actor));
  if (filter.target) {
    const byTarget = or(
      eq(auditLog.targetId, filter.target),
      eq(auditLog.targetName, filter.target),
    );
    if (byTarget) conditions.push(byTarget);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [totals] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { entries: rows.map(toAuditEntry), total: Number(totals?.total ?? 0) };
}
