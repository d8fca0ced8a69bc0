import { kopecksToRoubles, type BalanceImportResult, type Kopecks } from '@shop/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { balanceImports, users } from '../../db/schema/index';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { createUsersRepository } from '../users/users-repository';
import { fileKey, readBalanceFile, type BalanceRow } from './balance-file';
import { finishRun, recordProgress, startRun } from './balance-import-runs';

export const TRANSFER_DESCRIPTION = 'Перенос баланса';
const TRANSFER_METHOD = 'Перенос';

/**
 * How long one batch's transaction should take. On the embedded database a transaction holds the
 * only connection and runs on the shop's own thread, so each batch is kept this short (its size
 * follows what the last one took) and the event loop is handed back after it: the shop keeps
 * answering while a 100 000-row file goes through.
 */
const BATCH_TARGET_MS = 20;
const BATCH_ROWS = { first: 50, min: 10, max: 1_000 } as const;
/** Rows looked up per query of a preview. */
const PREVIEW_BATCH_ROWS = 1_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface BalanceImportOutcome extends BalanceImportResult {
  /** Players whose balance changed, with the new balance, for the live balance after commit. */
  changedBalances: Array<{ userId: number; balanceKopecks: Kopecks }>;
}

/** The next batch's size: halved after a slow batch, doubled after a quick one, within bounds. */
function nextBatchSize(size: number, tookMs: number): number {
  if (tookMs > BATCH_TARGET_MS * 1.5) return Math.max(BATCH_ROWS.min, Math.floor(size / 2));
  if (tookMs < BATCH_TARGET_MS / 2) return Math.min(BATCH_ROWS.max, size * 2);
  return size;
}

function* batches<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/** Of `rows`, the keys some import already credited, and the Steam ids that have an account. */
async function lookUp(db: Db, rows: BalanceRow[]) {
  const credited = await db
    .select({ key: balanceImports.rowKey })
    .from(balanceImports)
    .where(
      inArray(
        balanceImports.rowKey,
        rows.map((row) => row.key),
      ),
    );
  const found = await db
    .select({ steamId: users.steamId })
    .from(users)
    .where(
      inArray(
        users.steamId,
        rows.map((row) => row.steamId),
      ),
    );
  return {
    credited: new Set(credited.map((row) => row.key)),
    found: new Set(found.map((row) => row.steamId)),
  };
}

/**
 * One batch in one transaction: accounts for the Steam ids that have none, then each row's key
 * claimed and, where it was free, the row credited through the ledger's own function
 * (`ledger_post`, one ledger row per change). A key another import holds is skipped, so two
 * admins sending the same balances at once credit them once.
 */
async function creditBatch(db: Db, key: string, batch: BalanceRow[]) {
  return db.transaction(async (tx) => {
    const created = await createUsersRepository(tx).ensureManyFromSteam(
      batch.map((row) => row.steamId),
    );
    const found = new Set(batch.map((row) => row.steamId).filter((id) => !created.has(id)));
    const input = batch.map((row) => ({
      key: row.key,
      line: row.line,
      steam_id: row.steamId,
      amount: row.amountKopecks,
      note: row.note,
    }));
    const credited = await queryRows<{ key: string; userId: number; balance: string | null }>(
      tx,
      sql`with input as (
          select r.*, u.id as user_id
          from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
            as r(key text, line int, steam_id text, amount bigint, note text)
          join users u on u.steam_id = r.steam_id
        ), claimed as (
          insert into balance_imports (row_key, file_hash, line, user_id, amount_kopecks)
          select key, ${key}, line, user_id, amount from input
          on conflict do nothing
          returning row_key
        )
        select i.key, i.user_id as "userId",
          ledger_post(i.user_id, i.amount, 'transfer',
            case when i.note is null then ${TRANSFER_DESCRIPTION}::text
                 else ${TRANSFER_DESCRIPTION}::text || ': ' || i.note end,
            ${TRANSFER_METHOD}::text, null::uuid, null::uuid)::text as balance
        from claimed c join input i on i.key = c.row_key`,
    );
    const done = new Set(credited.map((row) => row.key));
    const rows = batch.filter((row) => done.has(row.key));
    await recordProgress(tx, key, batch.length, rows);
    return { rows, found, credited };
  });
}

/**
 * A balance file brought from another shop: with `dryRun`, what it would do; otherwise each row
 * credited as a «Перенос баланса» ledger entry, in batches of short transactions. A player who never
 * signed in gets an account from the Steam ID (their first sign-in finds it). Each row is keyed by
 * its content (Steam ID, amount, note): the same balances again, in another order, without the
 * header or with `;`, credit nothing more, even when two admins send them at once. A file with any
 * bad row changes nothing: its errors come back by line. `balance_import_runs` shows the progress.
 */
export async function importBalances(
  db: Db,
  content: string,
  { dryRun, actor }: { dryRun: boolean; actor: AuditActor },
): Promise<BalanceImportOutcome> {
  const { count, rows, errors } = await readBalanceFile(content);
  const summary = (pending: BalanceRow[], already: number, found: Set<string>) => ({
    dryRun,
    rows: count,
    credited: pending.length,
    alreadyImported: already,
    playersFound: pending.filter((row) => found.has(row.steamId)).length,
    playersCreated: pending.filter((row) => !found.has(row.steamId)).length,
    total: kopecksToRoubles(pending.reduce((sum, row) => sum + row.amountKopecks, 0)),
    errors,
  });
  if (errors.length > 0) return { ...summary([], 0, new Set()), changedBalances: [] };
  const key = fileKey(rows);
  const pending: BalanceRow[] = [];
  const found = new Set<string>();
  const changed: BalanceImportOutcome['changedBalances'] = [];
  if (dryRun) {
    for (const batch of batches(rows, PREVIEW_BATCH_ROWS)) {
      const looked = await lookUp(db, batch);
      pending.push(...batch.filter((row) => !looked.credited.has(row.key)));
      for (const steamId of looked.found) found.add(steamId);
      await nextTurn();
    }
    return { ...summary(pending, rows.length - pending.length, found), changedBalances: [] };
  }
  await startRun(db, key, rows.length, actor.id);
  let size: number = BATCH_ROWS.first;
  for (let start = 0; start < rows.length;) {
    const batch = rows.slice(start, start + size);
    start += batch.length;
    const began = performance.now();
    const done = await creditBatch(db, key, batch);
    size = nextBatchSize(size, performance.now() - began);
    pending.push(...done.rows);
    for (const steamId of done.found) found.add(steamId);
    for (const row of done.credited) {
      if (row.balance !== null) {
        changed.push({ userId: Number(row.userId), balanceKopecks: Number(row.balance) });
      }
    }
    await nextTurn();
  }
  const result = summary(pending, rows.length - pending.length, found);
  await db.transaction(async (tx) => {
    await finishRun(tx, key);
    await recordAudit(tx, actor, {
      action: 'balances.import',
      targetType: 'balances',
      targetName: `файл ${key.slice(0, 12)}`,
      after: {
        rows: result.rows,
        credited: result.credited,
        alreadyImported: result.alreadyImported,
        playersCreated: result.playersCreated,
        total: result.total,
      },
    });
  });
  return { ...result, changedBalances: changed };
}
