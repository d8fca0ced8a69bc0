import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ItemIcons } from '../catalog/item-icons';
import { createCatalogCache, type CatalogCache } from './catalog-cache';
import type { LastWipesReader } from '../sales/purchase-pricing';
import { createSalesRepository } from '../sales/sales-repository';
import { createServersRepository } from '../servers/servers-repository';
import { createProductsRepository } from './products-repository';

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogCache;
    itemIcons: ItemIcons;
  }
}

/**
 * One catalogue cache per process, shared by buyer reads and the admin writes that refresh it (of
 * products, servers and sales: a sale changes prices, so it travels the same way). With
 * Redis, an admin's change reaches every process's cache at once (socket.io's server-side events
 * over the live channel's Redis adapter, which registers after this plugin and is there by onReady).
 */
async function catalogPlugin(
  app: FastifyInstance,
  options: { sharedOverRedis: boolean; icons: ItemIcons; lastWipesAt: LastWipesReader },
) {
  const cache = createCatalogCache(
    createProductsRepository(app.db),
    createServersRepository(app.db).list,
    options.icons,
    { listSales: createSalesRepository(app.db).list, lastWipesAt: options.lastWipesAt },
    () => {
      if (options.sharedOverRedis) app.realtime.io.serverSideEmit('catalogChanged');
    },
  );
  app.decorate('catalog', cache);
  app.decorate('itemIcons', options.icons);
  if (options.sharedOverRedis) {
    app.addHook('onReady', async () => {
      app.realtime.io.on('catalogChanged', () => cache.reload());
    });
  }
}

export default fp(catalogPlugin, { name: 'catalog', dependencies: ['database'] });
