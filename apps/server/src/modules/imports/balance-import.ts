import { kopecksToRoubles, type BalanceImportResult, type Kopecks } from '@shop/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { balanceImports, users } from '../../db/schema/index';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { postEntry } from '../ledger/ledger';
import { createUsersRepository } from '../users/users-repository';
import { readBalanceFile, type BalanceRow } from './balance-file';
import { fileHash } from './csv-rows';

export const TRANSFER_DESCRIPTION = 'Перенос баланса';
const TRANSFER_METHOD = 'Перенос';

export interface BalanceImportOutcome extends BalanceImportResult {
  /** Players whose balance changed, with the new balance, for the live balance after commit. */
  changedBalances: Array<{ userId: number; balanceKopecks: Kopecks }>;
}

/** The rows of this file that no import of it has credited yet. */
async function notYetCredited(db: Db, hash: string, rows: BalanceRow[]) {
  const done = await db
    .select({ line: balanceImports.line })
    .from(balanceImports)
    .where(eq(balanceImports.fileHash, hash));
  const doneLines = new Set(done.map((row) => row.line));
  return rows.filter((row) => !doneLines.has(row.line));
}

/** The Steam ids of `rows` that already have an account. */
async function existingPlayers(db: Db, rows: BalanceRow[]): Promise<Set<string>> {
  const steamIds = rows.map((row) => row.steamId);
  const existing = steamIds.length
    ? await db
        .select({ steamId: users.steamId })
        .from(users)
        .where(inArray(users.steamId, steamIds))
    : [];
  return new Set(existing.map((row) => row.steamId));
}

/**
 * A balance file brought from another shop: with `dryRun`, what it would do; otherwise every row
 * credited in one transaction as a «Перенос баланса» ledger entry. A player who never signed in
 * gets an account from the Steam ID (their first sign-in finds it). Each row is keyed by the file's
 * hash and its line, so the same file imported again credits nothing twice, even when two admins
 * send it at once. A file with any bad row changes nothing: its errors come back by line.
 */
export async function importBalances(
  db: Db,
  content: string,
  { dryRun, actor }: { dryRun: boolean; actor: AuditActor },
): Promise<BalanceImportOutcome> {
  const { count, rows, errors } = readBalanceFile(content);
  const hash = fileHash(content);
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
  if (dryRun) {
    const pending = await notYetCredited(db, hash, rows);
    const found = await existingPlayers(db, pending);
    return { ...summary(pending, rows.length - pending.length, found), changedBalances: [] };
  }
  return db.transaction(async (tx) => {
    // Which rows are new is settled row by row below, by claiming each row's key.
    const found = await existingPlayers(tx, rows);
    const accounts = createUsersRepository(tx);
    const credited: BalanceRow[] = [];
    const changed: BalanceImportOutcome['changedBalances'] = [];
    for (const row of rows) {
      // The key is claimed first: a row another import of this file already holds is skipped.
      const user = await accounts.ensureFromSteam({
        steamId: row.steamId,
        username: `Игрок ${row.steamId.slice(-4)}`,
        avatar: null,
      });
      const [claimed] = await tx
        .insert(balanceImports)
        .values({
          fileHash: hash,
          line: row.line,
          userId: user.id,
          amountKopecks: row.amountKopecks,
        })
        .onConflictDoNothing()
        .returning({ line: balanceImports.line });
      if (!claimed) continue;
      const balance = await postEntry(tx, {
        userId: user.id,
        kind: 'transfer',
        amountKopecks: row.amountKopecks,
        description: row.note ? `${TRANSFER_DESCRIPTION}: ${row.note}` : TRANSFER_DESCRIPTION,
        method: TRANSFER_METHOD,
      });
      if (balance !== null) changed.push({ userId: user.id, balanceKopecks: balance });
      credited.push(row);
    }
    const result = summary(credited, rows.length - credited.length, found);
    await recordAudit(tx, actor, {
      action: 'balances.import',
      targetType: 'balances',
      targetName: `файл ${hash.slice(0, 12)}`,
      after: {
        rows: result.rows,
        credited: result.credited,
        alreadyImported: result.alreadyImported,
        playersCreated: result.playersCreated,
        total: result.total,
      },
    });
    return { ...result, changedBalances: changed };
  });
}
