import {
  dbIdSchema,
  DEFAULT_SITE_CONTENT,
  legalDocuments,
  publicSiteSchema,
  siteUpdateSchema,
  siteVersionSchema,
} from '@shop/shared';
import { DEFAULT_LEGAL } from '@shop/shared/legal-defaults';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../plugins/errors';
import { actorOf } from '../audit/audit-log';
import siteImageRoutes from './site-image-routes';
import { createSiteRepository } from './site-repository';

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

/** «Оформление»: the shop's identity, words and rules, versioned and journaled. */
const siteAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createSiteRepository(app.db);
  const tags = ['admin: site'];
  const security = [{ bearer: [] }];

  app.get(
    '/site',
    {
      config: { permission: 'settings' },
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
      config: { permission: 'settings' },
      schema: {
        tags,
        security,
        summary:
          'Changes what the body names (a partial update in the shape of GET /api/site, plus `legal` as Markdown) and publishes it as a new version on every instance',
        body: siteUpdateSchema,
        response: { 200: versionReply, ...adminReplies },
      },
    },
    async (request) => ({
      version: await app.site.update(request.body, actorOf(request)),
    }),
  );

  await app.register(siteImageRoutes);

  app.get(
    '/site/versions',
    {
      config: { permission: 'settings' },
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
      config: { permission: 'settings' },
      schema: {
        tags,
        security,
        summary: "Makes an earlier version's settings, texts and pictures the newest version",
        params: z.object({ n: dbIdSchema }),
        response: { 200: versionReply, ...adminReplies },
      },
    },
    async (request) => ({
      version: await app.site.restore(request.params.n, actorOf(request)),
    }),
  );
};

export default siteAdminRoutes;
