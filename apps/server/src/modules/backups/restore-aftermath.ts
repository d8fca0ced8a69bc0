import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, servers } from '../../db/schema/index';
import { recordAudit } from '../audit/audit-log';
import { endEverySession } from '../auth/sessions-repository';

/** The journal's action of a restore; the plugin keys issued before it are due for a new one. */
export const RESTORE_ACTION = 'backup.restore';
const RESTORE_ACTOR = { id: null, name: 'npm run restore', ip: null };

/**
 * What a restored database must not bring back: every session ends (the backup has sessions that
 * were signed out everywhere, or ended as stolen, since it was taken) with the sign-in codes, and
 * the journal records the restore, which marks every server's plugin key for a new one: a key
 * rotated after the backup (a leaked one) is the backup's again. The owner sees which servers wait
 * for one (`pluginKeysToRotate`) until each has a new key.
 */
export async function settleRestoredDatabase(db: Db, backup: { takenAt: string }) {
  return db.transaction(async (tx) => {
    const sessionsEnded = await endEverySession(tx);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(servers);
    await recordAudit(tx, RESTORE_ACTOR, {
      action: RESTORE_ACTION,
      targetType: 'backup',
      targetName: `копия от ${backup.takenAt}`,
      after: { takenAt: backup.takenAt, sessionsEnded, serversToReissue: Number(count) },
    });
    return { sessionsEnded, serversToReissue: Number(count) };
  });
}

/**
 * The servers whose plugin key was issued before the latest restore (none was issued since), and
 * when that restore was: the admin's banner asks the owner for a new key for each.
 */
export async function pluginKeysToRotate(db: Db) {
  const [restore] = await db
    .select({ id: auditLog.id, at: auditLog.createdAt })
    .from(auditLog)
    .where(eq(auditLog.action, RESTORE_ACTION))
    .orderBy(desc(auditLog.id))
    .limit(1);
  if (!restore) return { restoredAt: null, servers: [] };
  const waiting = await db
    .select({ id: servers.id, name: servers.name })
    .from(servers)
    .where(
      sql`not exists (select 1 from audit_log a where a.action = 'server.plugin-key'
        and a.id > ${restore.id} and a.target_id = ${servers.id}::text)`,
    )
    .orderBy(servers.id);
  return { restoredAt: restore.at.toISOString(), servers: waiting };
}
