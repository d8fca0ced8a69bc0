import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const FILE_NAME = /^-?\d{1,10}\.(png|webp)$/;

/**
 * `/img/{itemId}.png`: the game's icons are the publisher's, so the admin puts them in
 * `DATA_DIR/img`; anything missing gets our own fallback image instead of a broken picture.
 */
const itemImagesRoutes: FastifyPluginAsyncZod<{
  imageDir: string;
  fallback: string | null;
}> = async (app, { imageDir, fallback }) => {
  app.get(
    '/img/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(40) }) } },
    async (request, reply) => {
      const { file } = request.params;
      const own = FILE_NAME.test(file) ? path.join(imageDir, file) : null;
      const chosen =
        own && existsSync(own) ? own : fallback && existsSync(fallback) ? fallback : null;
      if (!chosen)
        return reply.status(404).send({ error: 'not_found', message: 'Изображение не найдено' });
      const type = chosen.endsWith('.webp') ? 'image/webp' : 'image/png';
      return reply
        .type(type)
        .header('cache-control', chosen === own ? 'public, max-age=86400' : 'public, max-age=300')
        .send(createReadStream(chosen));
    },
  );
};

export default itemImagesRoutes;
