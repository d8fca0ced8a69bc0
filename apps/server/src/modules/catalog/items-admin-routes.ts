import {
  apiErrorSchema,
  gameItemIdSchema,
  itemImportResultSchema,
  itemImportSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { translateToRussian } from '../../integrations/translate/translate-client';
import { notFound } from '../../plugins/errors';
import type { ItemIconOf } from './item-icons';
import { importItemTable, parseItemFile } from './item-import';
import { createItemsRepository, type GameItemRow } from './items-repository';
import { actorOf } from '../audit/audit-log';

const itemSchema = z.object({
  id: z.number().int(),
  shortname: z.string(),
  nameEn: z.string(),
  nameRu: z.string().nullable(),
  category: z.string(),
  /** The item's icon, or null when the shop has none (the picker draws the category's picture). */
  image: z.string().nullable(),
});

const toItem = (row: GameItemRow, iconOf: ItemIconOf) => ({
  id: row.id,
  shortname: row.shortname,
  nameEn: row.nameEn,
  nameRu: row.nameRu,
  category: row.category,
  image: iconOf(row.id),
});

const itemsAdminRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const items = createItemsRepository(app.db);
  const tags = ['admin: catalogue'];
  const security = [{ bearer: [] }];

  app.get(
    '/items',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        security,
        summary: 'Search the game item table (name in either language, shortname or id)',
        querystring: z.object({
          search: z.string().max(100).optional().default(''),
          limit: z.coerce.number().int().min(1).max(200).optional().default(60),
        }),
        response: { 200: z.object({ items: z.array(itemSchema), total: z.number().int() }) },
      },
    },
    async (request) => {
      const [found, total, iconOf] = await Promise.all([
        items.search(request.query.search, request.query.limit),
        items.count(),
        app.itemIcons.lookup(),
      ]);
      return { items: found.map((row) => toItem(row, iconOf)), total };
    },
  );

  app.post(
    '/items/import',
    {
      config: { permission: 'products' },
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        security,
        summary: 'Import the item table from a JSON or CSV file (all rows or none)',
        body: itemImportSchema,
        response: { 200: itemImportResultSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const parsed = parseItemFile(request.body.format, request.body.content);
      const imported = await importItemTable(app.db, parsed, actorOf(request), {
        format: request.body.format,
      });
      return { imported, total: await items.count() };
    },
  );

  app.get(
    '/items/:id/name',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        security,
        summary: 'A Russian product name for an item: the table, else translation, else English',
        params: z.object({ id: gameItemIdSchema }),
        response: {
          200: z.object({ name: z.string(), source: z.enum(['table', 'translation', 'original']) }),
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const item = await items.findById(request.params.id);
      if (!item) throw notFound('Предмет не найден');
      if (item.nameRu) return { name: item.nameRu, source: 'table' as const };
      const translated = await translateToRussian(config.translateUrl, item.nameEn);
      return translated
        ? { name: translated, source: 'translation' as const }
        : { name: item.nameEn, source: 'original' as const };
    },
  );
};

export default itemsAdminRoutes;
