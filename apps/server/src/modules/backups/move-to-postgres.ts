import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../db/client';
import { latestSchemaVersion } from '../../db/schema-version';
import { checkLedger } from '../ledger/ledger';
import { BackupFileError, type BackupHeader } from './backup-format';
import { shopRunsOn } from '../../plugins/control-socket';
import { dumpDatabase } from './database-dump';
import { loadDatabase } from './database-load';
import { checkRestored, type RestoredState } from './restore-checks';
import { DataCommandError, describeRows, inspectTarget } from './target-database';

export interface MoveResult extends RestoredState {
  header: BackupHeader;
}

/**
 * Copies the embedded shop in `dataDir` into an empty PostgreSQL database: the schema by the
 * migrations, then every row straight from the embedded database in one transaction, sequences
 * past their maximum. Before it commits, every table's rows are counted and every balance is
 * checked against its ledger, and the balances' sum against the embedded database's. The embedded
 * folder is left as it was, so the shop can go back to it.
 */
export async function moveToPostgres(dataDir: string, url: string): Promise<MoveResult> {
  if (!existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) {
    throw new DataCommandError(`There is no embedded database in ${dataDir} (DATA_DIR).`);
  }
  if (await shopRunsOn(dataDir)) {
    throw new DataCommandError(
      `A shop is running on ${dataDir}: stop it first, or purchases made after the copy stay behind.`,
    );
  }
  // Empty: nothing at all, or only what a shop started once on it has made by itself.
  const state = await inspectTarget({ url });
  const older = state.schemaVersion !== null && state.schemaVersion !== latestSchemaVersion();
  if (state.foreign > 0 || older || Object.keys(state.filled).length > 0) {
    const what = state.foreign > 0 ? `${state.foreign} other tables` : describeRows(state.filled);
    throw new DataCommandError(
      `The PostgreSQL database is not empty (${what || `schema ${state.schemaVersion}`}): create an empty one for the move.`,
    );
  }
  // The embedded shop is brought to this code's schema, as its next start would; so is the target.
  const source = await openDatabase({ dataDir });
  try {
    const sourceLedger = await checkLedger(source.db);
    const target = await openDatabase({ url });
    try {
      let checked: RestoredState | undefined;
      const header = await loadDatabase(target.db, (feed) => dumpDatabase(source, feed), {
        verify: async (tx, loaded) => {
          checked = await checkRestored(tx, loaded);
          if (checked.ledger.balancesKopecks !== sourceLedger.balancesKopecks) {
            throw new BackupFileError('The balances moved do not add up to the embedded ones.');
          }
        },
      });
      if (!checked) throw new Error('the move was not checked');
      return { header, ...checked };
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}
