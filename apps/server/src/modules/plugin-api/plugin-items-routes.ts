import type { ProductCategory } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, itemImportResultSchema } from '@shop/shared';
import { createItemsRepository } from '../catalog/items-repository';
import { parseItemFile } from '../catalog/item-import';

/** The game's ItemCategory names, as the plugin reads them from ItemManager, onto shop categories. */
const categoryOf: Record<string, ProductCategory> = {
  Weapon: 'weapons',
  Tool: 'tools',
  Resources: 'resources',
  Component: 'resources',
  Attire: 'clothing',
  Construction: 'building',
  Items: 'building',
  Traps: 'building',
  Ammunition: 'ammunition',
  Medical: 'medical',
  Food: 'food',
};

const pluginItemSchema = z.object({
  itemid: z.number().int(),
  shortname: z.string(),
  displayName: z.string(),
  category: z.string().max(40).optional(),
});

const pluginItemsRoutes: FastifyPluginAsyncZod = async (app) => {
  const items = createItemsRepository(app.db);

  app.post(
    '/items',
    {
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags: ['game-server plugin'],
        summary:
          "The game's live item list, sent by the plugin on load (upsert: new items are added)",
        headers: z.object({ 'x-server-key': z.string() }),
        body: z.object({ items: z.array(pluginItemSchema).min(1).max(5000) }),
        response: { 200: itemImportResultSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const rows = request.body.items.map((item) => ({
        id: item.itemid,
        shortname: item.shortname,
        nameEn: item.displayName,
        category: categoryOf[item.category ?? ''] ?? 'miscellaneous',
      }));
      // Same validation as a file import: every row valid, or nothing changes.
      const parsed = parseItemFile('json', JSON.stringify(rows));
      const imported = await items.upsertMany(parsed);
      request.log.info({ serverId: request.gameServer?.id, imported }, 'plugin item sync');
      return { imported, total: await items.count() };
    },
  );
};

export default pluginItemsRoutes;
