import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCatalogCache, type CatalogCache } from './catalog-cache';
import { createServersRepository } from '../servers/servers-repository';
import { createProductsRepository } from './products-repository';

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogCache;
  }
}

/** One catalogue cache per process, shared by buyer reads and the admin writes that refresh it. */
async function catalogPlugin(app: FastifyInstance) {
  app.decorate(
    'catalog',
    createCatalogCache(createProductsRepository(app.db), createServersRepository(app.db).list),
  );
}

export default fp(catalogPlugin, { name: 'catalog', dependencies: ['database'] });
