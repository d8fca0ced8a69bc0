import { healthSchema, siteSettingsSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';

const startedAt = Date.now();

const siteRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['site'],
        summary: 'Liveness and database check',
        response: { 200: healthSchema },
      },
    },
    async () => {
      await app.db.execute('select 1');
      return {
        status: 'ok' as const,
        database: app.dbKind,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        leader: app.leadership.isLeader,
      };
    },
  );

  app.get(
    '/site',
    {
      schema: {
        tags: ['site'],
        summary: 'Public site settings: community links, support e-mail, demo mode',
        response: { 200: siteSettingsSchema },
      },
    },
    async () => ({
      discordUrl: config.links.discord,
      communityUrl: config.links.community,
      supportEmail: config.supportEmail,
      demo: config.demo,
    }),
  );
};

export default siteRoutes;
