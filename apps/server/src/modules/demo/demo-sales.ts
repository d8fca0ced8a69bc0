import { saleInputSchema } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { DEMO_ADMIN_STEAM_ID } from '../../config';
import { createProductsRepository } from '../products/products-repository';
import { createSalesRepository } from '../sales/sales-repository';
import { createSale } from '../sales/sales-service';
import { createServersRepository } from '../servers/servers-repository';
import { createUsersRepository } from '../users/users-repository';

const DAY = 24 * 3_600_000;
/** The raid item that waits a day after each wipe: rushing a fresh server with it spoils the wipe. */
const BLOCKED_RAID_ITEM = 'explosive.timed';

/**
 * Demo mode, once per shop: sales and a wipe block a visitor sees at once. The first demo server
 * (which wiped hours before the demo began) runs «−30 % на 24 ч после вайпа», the resources are on
 * a timed sale for a few days, and C4 is not sold for 24 hours after a wipe: blocked on the first
 * server now, sold on the second. Made by the demo's admin through the sales module, journaled like
 * an admin's; an admin who ends or deletes them does not see them again after a restart.
 * Runs after the month of history: its purchases of the past were made before these existed.
 */
export async function seedDemoSales(app: FastifyInstance): Promise<void> {
  try {
    if (await createSalesRepository(app.db).everHadOne()) return;
    const [firstServer] = await createServersRepository(app.db).list();
    if (!firstServer) return;
    const admin = await createUsersRepository(app.db).ensureFromSteam({
      steamId: DEMO_ADMIN_STEAM_ID,
      username: 'Админ Демо',
      avatar: null,
    });
    const actor = { id: admin.id, name: admin.username, ip: '127.0.0.1' };
    const now = Date.now();
    const sales = [
      {
        name: '−30 % на 24 ч после вайпа',
        percent: 30,
        target: { all: true },
        afterWipeHours: 24,
        serverId: firstServer.id,
      },
      {
        name: 'Неделя ресурсов',
        percent: 20,
        target: { category: 'resources' },
        startsAt: new Date(now - DAY).toISOString(),
        endsAt: new Date(now + 3 * DAY).toISOString(),
      },
    ];
    for (const sale of sales) await createSale(app.db, actor, saleInputSchema.parse(sale));

    const products = createProductsRepository(app.db);
    const raidItem = (await products.list()).find(
      (product) => product.gameItemName === BLOCKED_RAID_ITEM && product.wipeBlockHours === 0,
    );
    if (raidItem) await products.setWipeBlockHours(raidItem.id, 24);
    app.catalog.invalidate();
  } catch (error) {
    app.log.warn({ err: error }, 'demo sales could not be made');
  }
}
