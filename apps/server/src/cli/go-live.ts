/**
 * `npm run db:go-live`: a database restored with `npm run restore` becomes the live shop: at its
 * next start it leads, delivers and links to its game servers (README, «Резервные копии»). The same
 * as one start with SHOP_LIVE=1. Run it with the shop stopped (the embedded database has one process).
 */
import { openDatabase } from '../db/client';
import { goLive } from '../modules/backups/shop-identity';
import { shopRunsOn } from '../plugins/control-socket';
import { DataCommandError } from '../modules/backups/target-database';
import { runDataCommand } from './data-command';

runDataCommand(async (config) => {
  if (!config.databaseUrl && (await shopRunsOn(config.dataDir))) {
    throw new DataCommandError(`A shop is running on ${config.dataDir}: stop it, then go live.`);
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    migrations: 'none',
  });
  try {
    const changed = await goLive(database.db);
    console.log(
      changed
        ? 'This database is now the live shop: start it, and it delivers and links to its game servers.'
        : 'This database already is the live shop (not a restored copy); nothing changed.',
    );
  } finally {
    await database.close();
  }
});
