import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { createSiteRepository } from './site-repository';
import { createSiteService, type SiteService } from './site-service';
import { environmentLinks, type ResolvedSite } from './site-settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's identity, words and rules in force (the site module). */
    site: SiteService;
  }
}

/** Demo mode shows community links so the header, footer and floating button are there to see. */
const DEMO_LINKS = { discord: 'https://discord.gg/rust', community: 'https://vk.com/rust' };

/**
 * A category or VIP tier that products or players still use cannot be removed: renaming keeps the
 * key, so it keeps its products, and hiding keeps them out of the shop's filters.
 */
async function inUseProblem(next: ResolvedSite, tx: Db): Promise<string | null> {
  const categories = new Set(next.content.categories.map((category) => category.key));
  const usedCategories = await queryRows<{ category: string }>(
    tx,
    sql`select distinct category from products`,
  );
  const lost = usedCategories.find((row) => !categories.has(row.category));
  if (lost) {
    return `Категории: «${lost.category}» есть у товаров — её можно переименовать или скрыть, но не удалить`;
  }
  const tiers = new Set(next.content.vipTiers.map((tier) => tier.key));
  const usedTiers = await queryRows<{ tier: string }>(
    tx,
    sql`select distinct vip_tier as tier from products where vip_tier is not null`,
  );
  const lostTier = usedTiers.find((row) => !tiers.has(row.tier));
  if (lostTier) {
    return `VIP: уровень «${lostTier.tier}» есть у товаров — его можно переименовать, но не удалить`;
  }
  return null;
}

async function sitePlugin(app: FastifyInstance, { config }: { config: Config }) {
  const links = config.demo
    ? {
        discord: config.links.discord ?? DEMO_LINKS.discord,
        community: config.links.community ?? DEMO_LINKS.community,
      }
    : config.links;
  const service = createSiteService(createSiteRepository(app.db), {
    environment: {
      links: environmentLinks(links.discord, links.community),
      supportEmail: config.supportEmail,
    },
    demo: config.demo,
    wipeWarnHours: config.wipeWarnHours,
    supportEmail: config.supportEmail,
    checkChange: inUseProblem,
  });
  app.decorate('site', service);
}

export default fp(sitePlugin, { name: 'site', dependencies: ['database'] });
