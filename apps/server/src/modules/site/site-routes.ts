import { legalDocuments, legalPageSchema, publicSiteSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies, notFound } from '../../plugins/errors';
import { createSiteRepository } from './site-repository';

const IMAGE_NAME = /^[0-9a-f]{20}-(logo|favicon|background|category)-[a-z0-9]+\.webp$/;

/** The public half of the site module: the settings in force, the legal pages, the pictures. */
const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createSiteRepository(app.db);

  app.get(
    '/site',
    {
      schema: {
        tags: ['site'],
        summary:
          'The shop as its owner set it: name, colours, links, top-up terms, categories, VIP tiers, seller, pictures and every page text (the defaults until changed)',
        response: { 200: publicSiteSchema },
      },
    },
    async () => app.site.publicSite(),
  );

  app.get(
    '/site/legal/:document',
    {
      schema: {
        tags: ['site'],
        summary: 'A legal page (rules, agreement, privacy or contacts) rendered to safe HTML',
        params: z.object({
          document: z.enum(legalDocuments, { error: 'Такого документа нет' }),
        }),
        response: { 200: legalPageSchema, ...errorReplies(400) },
      },
    },
    async (request) => app.site.legalPage(request.params.document),
  );

  app.get(
    '/site/images/:name',
    {
      schema: {
        tags: ['site'],
        summary: 'An uploaded picture; its name changes with its content, so it is cached for good',
        params: z.object({ name: z.string().max(80) }),
        response: { 200: z.instanceof(Buffer), ...errorReplies(404) },
      },
    },
    async (request, reply) => {
      if (!IMAGE_NAME.test(request.params.name)) throw notFound('Изображение не найдено');
      const image = await repo.image(request.params.name);
      if (!image) throw notFound('Изображение не найдено');
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'same-site')
        .send(image.bytes);
    },
  );
};

export default siteRoutes;
