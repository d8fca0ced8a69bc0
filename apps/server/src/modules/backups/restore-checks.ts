import type { Db } from '../../db/client';
import { checkLedger, type LedgerCheck } from '../ledger/ledger';
import { BackupFileError, type BackupHeader } from './backup-format';
import { countRows, tableShapes } from './database-shape';

export interface RestoredState {
  rows: Record<string, number>;
  ledger: LedgerCheck;
}

/**
 * What a restore or a move proves before it commits: every table holds exactly the rows the
 * backup counted, and every balance is the sum of its ledger rows. Throws (rolling back) if not.
 */
export async function checkRestored(tx: Db, header: BackupHeader): Promise<RestoredState> {
  const shapes = (await tableShapes(tx)).filter((shape) => shape.name in header.rows);
  const missing = Object.keys(header.rows).filter((name) => !shapes.some((s) => s.name === name));
  if (missing.length > 0) {
    throw new BackupFileError(`The database has no table ${missing.join(', ')} of the backup.`);
  }
  const rows = await countRows(tx, shapes);
  const differing = Object.entries(header.rows)
    .filter(([name, count]) => rows[name] !== count)
    .map(([name, count]) => `${name}: ${rows[name]} of ${count}`);
  if (differing.length > 0) {
    throw new BackupFileError(`Rows differ from the backup's count (${differing.join(', ')}).`);
  }
  const ledger = await checkLedger(tx);
  if (ledger.mismatched > 0) {
    throw new BackupFileError(
      `${ledger.mismatched} balances differ from the sum of their ledger rows; nothing was changed.`,
    );
  }
  return { rows, ledger };
}
