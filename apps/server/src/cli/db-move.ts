/** `npm run db:move -- --to postgres://…`: the embedded shop into PostgreSQL (README). */
import { parseArgs } from 'node:util';
import { formatRoubles, kopecksToRoubles } from '@shop/shared';
import { moveToPostgres } from '../modules/backups/move-to-postgres';
import { withoutPassword } from '../modules/backups/target-database';
import { printRows, runDataCommand } from './data-command';

runDataCommand(async (config) => {
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  const url = values.to;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    console.error('Usage: npm run db:move -- --to postgres://user:password@host:5432/database');
    process.exit(2);
  }
  const result = await moveToPostgres(config.dataDir, url);
  console.log(`Copied the embedded shop in ${config.dataDir} into PostgreSQL; rows:`);
  printRows(result.rows);
  console.log(
    `Every balance equals its ledger (${result.ledger.users} players, ${formatRoubles(kopecksToRoubles(result.ledger.balancesKopecks))} in all, as in the embedded database).`,
  );
  console.log(`\nStart the shop with:\n  DATABASE_URL=${withoutPassword(url)}`);
  console.log(`(with your password in place of ***). ${config.dataDir} is left as it was.`);
});
