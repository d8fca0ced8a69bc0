import {
  dbIdSchema,
  DEFAULT_SITE_CONTENT,
  imageSlots,
  legalDocuments,
  publicSiteSchema,
  siteUpdateSchema,
  siteVersionSchema,
} from '@shop/shared';
import { DEFAULT_LEGAL } from '@shop/shared/legal-defaults';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, errorReplies } from '../../plugins/errors';
import { actorOf } from '../audit/audit-log';
import { MAX_IMAGE_BYTES, SiteImageError } from './site-images';
import { createSiteRepository } from './site-repository';
import { SiteSettingsError } from './site-service';

const versionReply = z.object({ version: z.number().int() });
const adminReplies = errorReplies(400, 401, 403);

/** The owner's settings as stored, with what the panel needs to edit them. */
const adminSiteSchema = z.object({
  version: z.number().int(),
  /** The settings in force, texts unfilled (`{{topUp.bonusPercent}}` as written). */
  content: z.record(z.string(), z.unknown()),
  legal: z.record(z.enum(legalDocuments), z.string()),
  /** A legal text never saved by the owner is still the shipped sample. */
  legalSample: z.record(z.enum(legalDocuments), z.boolean()),
  defaults: z.object({
    content: z.record(z.string(), z.unknown()),
    legal: z.record(z.enum(legalDocuments), z.string()),
  }),
  public: publicSiteSchema,
});

/** A wrong change is refused whole, with the reason in Russian; nothing of it is kept. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SiteSettingsError || error instanceof SiteImageError) {
      throw badRequest(error.message);
    }
    throw error;
  }
}

/** «Оформление»: the shop's identity, words and rules, versioned and journaled. */
const siteAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createSiteRepository(app.db);
  const tags = ['admin: site'];
  const security = [{ bearer: [] }];

  app.get(
    '/site',
    {
      schema: {
        tags,
        security,
        summary: 'The settings in force as the owner wrote them, the defaults, and the public view',
        response: { 200: adminSiteSchema, ...adminReplies },
      },
    },
    async () => {
      const site = await app.site.current();
      return {
        version: site.version,
        content: { ...site.content },
        legal: site.legal,
        legalSample: site.legalSample,
        defaults: { content: { ...DEFAULT_SITE_CONTENT }, legal: DEFAULT_LEGAL },
        public: await app.site.publicSite(),
      };
    },
  );

  app.put(
    '/site',
    {
      schema: {
        tags,
        security,
        summary:
          'Changes what the body names (a partial update in the shape of GET /api/site, plus `legal` as Markdown) and publishes it as a new version on every instance',
        body: siteUpdateSchema,
        response: { 200: versionReply, ...adminReplies },
      },
    },
    async (request) =>
      refusing(async () => ({
        version: await app.site.update(request.body, actorOf(request)),
      })),
  );

  // The picture's own bytes, whatever the request calls them: its content decides.
  const imageRoutes: FastifyPluginAsyncZod = async (images) => {
    images.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES + 1 },
      (_request, body, done) => done(null, body),
    );
    images.put(
      '/site/images/:slot',
      {
        bodyLimit: MAX_IMAGE_BYTES + 1,
        schema: {
          tags,
          security,
          summary:
            'Uploads the logo, the favicon or the background: PNG, JPEG or WebP, checked by content, re-encoded to WebP at the sizes the pages need',
          params: z.object({
            slot: z.enum(imageSlots, { error: 'Изображение: логотип, значок вкладки или фон' }),
          }),
          response: { 200: versionReply, ...errorReplies(400, 401, 403, 413) },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest('Изображение: пришлите файл');
        const bytes = request.body;
        return refusing(async () => ({
          version: await app.site.setImage(request.params.slot, bytes, actorOf(request)),
        }));
      },
    );
  };
  await app.register(imageRoutes);

  app.delete(
    '/site/images/:slot',
    {
      schema: {
        tags,
        security,
        summary: 'Goes back to the shipped picture for the slot',
        params: z.object({
          slot: z.enum(imageSlots, { error: 'Изображение: логотип, значок вкладки или фон' }),
        }),
        response: { 200: versionReply, ...adminReplies },
      },
    },
    async (request) =>
      refusing(async () => ({
        version: await app.site.clearImage(request.params.slot, actorOf(request)),
      })),
  );

  app.get(
    '/site/versions',
    {
      schema: {
        tags,
        security,
        summary: 'Every version of the settings, newest first',
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: z.object({ versions: z.array(siteVersionSchema), total: z.number().int() }),
          ...adminReplies,
        },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const { rows, total } = await repo.list(pageSize, (page - 1) * pageSize);
      return {
        versions: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        total,
      };
    },
  );

  app.post(
    '/site/versions/:n/restore',
    {
      schema: {
        tags,
        security,
        summary: "Makes an earlier version's settings, texts and pictures the newest version",
        params: z.object({ n: dbIdSchema }),
        response: { 200: versionReply, ...adminReplies },
      },
    },
    async (request) =>
      refusing(async () => ({
        version: await app.site.restore(request.params.n, actorOf(request)),
      })),
  );
};

export default siteAdminRoutes;
