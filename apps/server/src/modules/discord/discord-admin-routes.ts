import {
  discordRolesSchema,
  discordStatusSchema,
  discordTestReplySchema,
  discordWebhookCreateSchema,
  discordWebhookUpdateSchema,
  discordWebhookViewSchema,
  idParamSchema,
  okReplySchema,
  type DiscordStatus,
} from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEMO_DISCORD_PATH } from '../../config-discord';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { parseWebhookUrl } from '../../integrations/discord/discord-webhook-url';
import { badRequest, conflict, errorReplies, notFound } from '../../plugins/errors';
import { actorOf, recordAudit } from '../audit/audit-log';
import { createDiscordLinks } from './discord-links';
import { createRoleJobs } from './discord-role-sync';
import { createWebhooks, toWebhookView } from './discord-webhooks';

export const DISCORD_ADMIN_MESSAGES = {
  badUrl:
    'Адрес вебхука должен выглядеть так: https://discord.com/api/webhooks/<id>/<токен> (Настройки канала → Интеграции → Вебхуки)',
  duplicate: 'Этот вебхук уже добавлен',
  notFound: 'Вебхук не найден',
  duplicateTier: 'Уровень VIP указан дважды',
} as const;

const adminReplies = errorReplies(401, 403);

/** The admin's Discord section: what works, the VIP roles, the channel webhooks and their test. */
const discordAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.discord;
  const webhooks = createWebhooks(app.db);
  const tags = ['admin: discord'];
  const security = [{ bearer: [] }];
  // The stand-in's webhook addresses are accepted where the shop talks to a stand-in.
  const standInBases = config.standIn
    ? [config.apiUrl, `${app.discord.publicUrl}${DEMO_DISCORD_PATH}/api`]
    : [];

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
    const pending = await webhooks.pendingCounts();
    return {
      linking: { enabled: config.linking, linkedPlayers: await createDiscordLinks(app.db).count() },
      roles: {
        enabled: config.roles,
        mappings: allTiers.map((tier) => ({ tier, roleId: roleOf.get(tier) ?? '' })),
        ...(await createRoleJobs(app.db).summary()),
      },
      webhooks: (await webhooks.list()).map((row) => toWebhookView(row, pending.get(row.id) ?? 0)),
    };
  }

  app.get(
    '/discord',
    {
      config: { permission: 'settings' },
      schema: {
        tags,
        security,
        summary: 'Discord: status of linking, roles and webhooks',
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

  app.post(
    '/discord/webhooks',
    {
      config: { permission: 'settings' },
      schema: {
        tags,
        security,
        summary:
          'Adds a channel webhook with the events it is told of. Journaled (without the token).',
        body: discordWebhookCreateSchema,
        response: { 201: discordWebhookViewSchema, ...errorReplies(400, 409), ...adminReplies },
      },
    },
    async (request, reply) => {
      const address = parseWebhookUrl(request.body.url, standInBases);
      if (!address) throw badRequest(DISCORD_ADMIN_MESSAGES.badUrl);
      const row = await app.db.transaction(async (tx: Db) => {
        const created = await createWebhooks(tx).create({
          name: request.body.name,
          webhookId: address.id,
          webhookToken: address.token,
          events: request.body.events,
        });
        if (!created) throw conflict(DISCORD_ADMIN_MESSAGES.duplicate);
        await recordAudit(tx, actorOf(request), {
          action: 'discord.webhook.create',
          targetType: 'discord-webhook',
          targetId: created.id,
          targetName: created.name,
          after: { webhookId: created.webhookId, events: created.events },
        });
        return created;
      });
      return reply.status(201).send(toWebhookView(row, 0));
    },
  );

  app.patch(
    '/discord/webhooks/:id',
    {
      config: { permission: 'settings' },
      schema: {
        tags,
        security,
        summary: 'Renames a webhook, changes its events, switches it on or off. Journaled.',
        params: idParamSchema,
        body: discordWebhookUpdateSchema,
        response: { 200: discordWebhookViewSchema, ...errorReplies(400, 404), ...adminReplies },
      },
    },
    async (request) => {
      const row = await app.db.transaction(async (tx: Db) => {
        const before = await createWebhooks(tx).find(request.params.id);
        if (!before) throw notFound(DISCORD_ADMIN_MESSAGES.notFound);
        const after = await createWebhooks(tx).update(before.id, request.body);
        if (!after) throw notFound(DISCORD_ADMIN_MESSAGES.notFound);
        await recordAudit(tx, actorOf(request), {
          action: 'discord.webhook.update',
          targetType: 'discord-webhook',
          targetId: after.id,
          targetName: after.name,
          before: { name: before.name, events: before.events, enabled: before.enabled },
          after: { name: after.name, events: after.events, enabled: after.enabled },
        });
        return after;
      });
      const pending = await webhooks.pendingCounts();
      return toWebhookView(row, pending.get(row.id) ?? 0);
    },
  );

  app.delete(
    '/discord/webhooks/:id',
    {
      config: { permission: 'settings' },
      schema: {
        tags,
        security,
        summary: 'Removes a webhook and its unsent messages. Journaled.',
        params: idParamSchema,
        response: { 200: okReplySchema, ...errorReplies(404), ...adminReplies },
      },
    },
    async (request) => {
      await app.db.transaction(async (tx: Db) => {
        const removed = await createWebhooks(tx).remove(request.params.id);
        if (!removed) throw notFound(DISCORD_ADMIN_MESSAGES.notFound);
        await recordAudit(tx, actorOf(request), {
          action: 'discord.webhook.delete',
          targetType: 'discord-webhook',
          targetId: removed.id,
          targetName: removed.name,
          before: { webhookId: removed.webhookId, events: removed.events },
        });
      });
      return { success: true as const };
    },
  );

  app.post(
    '/discord/webhooks/:id/test',
    {
      config: { permission: 'settings' },
      schema: {
        tags,
        security,
        summary: 'Sends a test message through the webhook now (404 or 401 switches it off)',
        params: idParamSchema,
        response: { 200: discordTestReplySchema, ...errorReplies(404), ...adminReplies },
      },
    },
    async (request) => {
      const webhook = await webhooks.find(request.params.id);
      if (!webhook) throw notFound(DISCORD_ADMIN_MESSAGES.notFound);
      return app.discord.outbox.sendTest(webhook);
    },
  );
};

export default discordAdminRoutes;
