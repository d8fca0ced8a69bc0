import { siteSettingsSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';

const siteRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/site',
    {
      schema: {
        tags: ['site'],
        summary:
          'Public site settings: community links, support e-mail, demo mode, how many hours before a predicted wipe a purchase is warned of',
        response: { 200: siteSettingsSchema },
      },
    },
    async () => ({
      discordUrl: config.links.discord,
      communityUrl: config.links.community,
      supportEmail: config.supportEmail,
      demo: config.demo,
      wipeWarnHours: config.wipeWarnHours,
    }),
  );
};

export default siteRoutes;
