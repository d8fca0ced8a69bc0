import { ConfigError, loadConfig, type Config } from '../config';
import { loadEnvFile } from '../load-env-file';
import { useAuditKeyInCommand } from '../modules/audit/audit-log';
import { BackupFileError } from '../modules/backups/backup-format';
import { DataCommandError } from '../modules/backups/target-database';

/** A row count summary, one table a line, for the data commands' output. */
export function printRows(rows: Record<string, number>): void {
  const width = Math.max(...Object.keys(rows).map((name) => name.length));
  for (const [table, count] of Object.entries(rows)) {
    console.log(`  ${table.padEnd(width)}  ${count}`);
  }
}

/**
 * Runs one data command with the shop's configuration: a refusal or a bad file is one plain line
 * and exit status 1; anything else is a fault, shown in full.
 */
export function runDataCommand(command: (config: Config) => Promise<void>): void {
  const run = async () => {
    loadEnvFile();
    const config = loadConfig();
    useAuditKeyInCommand(config);
    return command(config);
  };
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      const known =
        error instanceof DataCommandError ||
        error instanceof BackupFileError ||
        error instanceof ConfigError;
      if (known) console.error(error.message);
      else console.error(error);
      process.exit(1);
    },
  );
}
