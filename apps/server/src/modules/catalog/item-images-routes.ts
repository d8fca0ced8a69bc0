import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ICON_FILE_NAME } from './item-icons';
import { createItemsRepository } from './items-repository';

/** ITEM_ICON_URL with the item's own values; encoded, since a shortname is the game's text. */
export function itemIconUrl(template: string, item: { id: number; shortname: string }): string {
  return template
    .replaceAll('{id}', encodeURIComponent(String(item.id)))
    .replaceAll('{shortname}', encodeURIComponent(item.shortname));
}

/**
 * `/img/{itemId}.png`: the game's icons are the publisher's, so the admin puts them in
 * `DATA_DIR/img`, or names a source the shop redirects to (ITEM_ICON_URL). An item with neither
 * answers 404, and the web draws its category's own picture instead.
 */
const itemImagesRoutes: FastifyPluginAsyncZod<{
  imageDir: string;
  iconUrlTemplate: string | null;
}> = async (app, { imageDir, iconUrlTemplate }) => {
  const items = createItemsRepository(app.db);
  const notFound = { error: 'not_found', message: 'Изображение не найдено' };

  app.get(
    '/img/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(40) }) } },
    async (request, reply) => {
      const match = ICON_FILE_NAME.exec(request.params.file);
      if (!match) return reply.status(404).send(notFound);
      const own = path.join(imageDir, match[0]);
      if (existsSync(own)) {
        const type = own.endsWith('.webp') ? 'image/webp' : 'image/png';
        return reply
          .type(type)
          .header('cache-control', 'public, max-age=86400')
          .send(createReadStream(own));
      }
      const id = Number(match[1]);
      const item =
        iconUrlTemplate && id >= -(2 ** 31) && id < 2 ** 31 ? await items.findById(id) : undefined;
      if (!iconUrlTemplate || !item) return reply.status(404).send(notFound);
      return reply
        .header('cache-control', 'public, max-age=86400')
        .redirect(itemIconUrl(iconUrlTemplate, item), 302);
    },
  );
};

export default itemImagesRoutes;
