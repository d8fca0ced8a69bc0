import { CATEGORY_KEY, imageSlots } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, errorReplies } from '../../plugins/errors';
import { actorOf } from '../audit/audit-log';
import { MAX_IMAGE_BYTES } from './site-images';

const versionReply = z.object({ version: z.number().int() });
const tags = ['admin: site'];
const security = [{ bearer: [] }];

const slotParams = z.object({
  slot: z.enum(imageSlots, { error: 'Изображение: логотип, значок вкладки или фон' }),
});
// The service says whether the key is one of the owner's; this only keeps odd text out of messages.
const categoryParams = z.object({
  key: z.string().regex(CATEGORY_KEY, {
    error: 'Категория не найдена: ключ — латиница, цифры и дефис, 2–32 символа',
  }),
});

const uploadSummary =
  'PNG, JPEG or WebP, checked by content, re-encoded to WebP at the sizes the pages need';

/** The pictures of «Оформление»: the logo, the favicon, the background and each category's. */
const siteImageRoutes: FastifyPluginAsyncZod = async (app) => {
  // The picture's own bytes, whatever the request calls them: its content decides.
  const uploads: FastifyPluginAsyncZod = async (images) => {
    images.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES + 1 },
      (_request, body, done) => done(null, body),
    );
    const bytesOf = (body: unknown): Buffer => {
      if (!Buffer.isBuffer(body)) throw badRequest('Изображение: пришлите файл');
      return body;
    };

    images.put(
      '/site/images/:slot',
      {
        bodyLimit: MAX_IMAGE_BYTES + 1,
        config: { permission: 'settings' },
        schema: {
          tags,
          security,
          summary: `Uploads the logo, the favicon or the background: ${uploadSummary}`,
          params: slotParams,
          response: { 200: versionReply, ...errorReplies(400, 401, 403, 413) },
        },
      },
      async (request) => {
        const bytes = bytesOf(request.body);
        return {
          version: await app.site.setImage(request.params.slot, bytes, actorOf(request)),
        };
      },
    );

    images.put(
      '/site/images/categories/:key',
      {
        bodyLimit: MAX_IMAGE_BYTES + 1,
        config: { permission: 'settings' },
        schema: {
          tags,
          security,
          summary: `Uploads a category's picture, shown in place of its drawn one: ${uploadSummary} (a 160 px square)`,
          params: categoryParams,
          response: { 200: versionReply, ...errorReplies(400, 401, 403, 413) },
        },
      },
      async (request) => {
        const bytes = bytesOf(request.body);
        return {
          version: await app.site.setCategoryImage(request.params.key, bytes, actorOf(request)),
        };
      },
    );
  };
  await app.register(uploads);

  app.delete(
    '/site/images/:slot',
    {
      config: { permission: 'settings' },
      schema: {
        tags,
        security,
        summary: 'Goes back to the shipped picture for the slot',
        params: slotParams,
        response: { 200: versionReply, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => ({
      version: await app.site.clearImage(request.params.slot, actorOf(request)),
    }),
  );

  app.delete(
    '/site/images/categories/:key',
    {
      config: { permission: 'settings' },
      schema: {
        tags,
        security,
        summary: "Goes back to the category's drawn picture",
        params: categoryParams,
        response: { 200: versionReply, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => ({
      version: await app.site.setCategoryImage(request.params.key, null, actorOf(request)),
    }),
  );
};

export default siteImageRoutes;
