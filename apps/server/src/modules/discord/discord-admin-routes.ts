import { discordRolesSchema, discordStatusSchema, type DiscordStatus } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { badRequest, errorReplies } from '../../plugins/errors';
import { actorOf, recordAudit } from '../audit/audit-log';
import { createDiscordLinks } from './discord-links';
import { createRoleJobs } from './discord-role-sync';

export const DISCORD_ADMIN_MESSAGES = {
  duplicateTier: 'Уровень VIP указан дважды',
} as const;

const adminReplies = errorReplies(401, 403);

/** The admin's Discord section: what works and the VIP roles (channel webhooks are notification destinations). */
const discordAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.discord;
  const tags = ['admin: discord'];
  const security = [{ bearer: [] }];
  async function status(): Promise<DiscordStatus> {
    const mapped = await queryRows<{ tier: string; role_id: string }>(
      app.db,
      sql`select tier, role_id from discord_tier_roles`,
    );
    const tiers = await queryRows<{ tier: string }>(
      app.db,
      sql`select distinct vip_tier as tier from products where vip_tier is not null order by 1`,
    );
    const roleOf = new Map(mapped.map((row) => [row.tier, row.role_id]));
    const allTiers = [...new Set([...tiers.map((row) => row.tier), ...roleOf.keys()])].sort();
    return {
      linking: { enabled: config.linking, linkedPlayers: await createDiscordLinks(app.db).count() },
      roles: {
        enabled: config.roles,
        mappings: allTiers.map((tier) => ({ tier, roleId: roleOf.get(tier) ?? '' })),
        ...(await createRoleJobs(app.db).summary()),
      },
    };
  }

  app.get(
    '/discord',
    {
      config: { permission: 'settings' },
      schema: {
        tags,
        security,
        summary: 'Discord: status of linking and roles',
        response: { 200: discordStatusSchema, ...adminReplies },
      },
    },
    async () => status(),
  );

  app.put(
    '/discord/roles',
    {
      config: { permission: 'owner' },
      schema: {
        tags,
        security,
        summary:
          'Sets the Discord role of each VIP tier (an empty id: none); every linked role is checked again. Journaled.',
        body: discordRolesSchema,
        response: { 200: discordStatusSchema, ...errorReplies(400), ...adminReplies },
      },
    },
    async (request) => {
      const tiers = request.body.roles.map((role) => role.tier);
      if (new Set(tiers).size !== tiers.length)
        throw badRequest(DISCORD_ADMIN_MESSAGES.duplicateTier);
      await app.db.transaction(async (tx: Db) => {
        const before = await queryRows<{ tier: string; role_id: string }>(
          tx,
          sql`select tier, role_id from discord_tier_roles order by tier`,
        );
        await tx.execute(sql`delete from discord_tier_roles`);
        for (const { tier, roleId } of request.body.roles) {
          if (roleId) {
            await tx.execute(
              sql`insert into discord_tier_roles (tier, role_id) values (${tier}, ${roleId})`,
            );
          }
        }
        await recordAudit(tx, actorOf(request), {
          action: 'discord.roles',
          targetType: 'discord',
          targetName: 'VIP roles',
          before: Object.fromEntries(before.map((row) => [row.tier, row.role_id])),
          after: Object.fromEntries(
            request.body.roles.filter((r) => r.roleId).map((r) => [r.tier, r.roleId]),
          ),
        });
      });
      await app.discord.reconcile();
      return status();
    },
  );
};

export default discordAdminRoutes;
