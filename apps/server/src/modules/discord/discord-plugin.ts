import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DiscordConfig } from '../../config-discord';
import { queryRows } from '../../db/execute';
import { createDiscordClient, type DiscordClient } from '../../integrations/discord/discord-client';
import { queueRoleSyncByDiscordId } from './discord-role-sync';
import { createRoleWorker, type RoleWorker } from './discord-role-worker';

declare module 'fastify' {
  interface FastifyInstance {
    discord: {
      config: DiscordConfig;
      /** The shop's public address, for links in messages and the stand-in's webhook addresses. */
      publicUrl: string;
      client: DiscordClient;
      /** The role job worker; null when VIP roles are off. */
      roles: RoleWorker | null;
      /** Asks for every linked account's role to be checked (the leader does it periodically). */
      reconcile(): Promise<number>;
    };
  }
}

export interface DiscordOptions {
  config: DiscordConfig;
  publicUrl: string;
  /** false: nothing runs on its own (tests drive the worker, scan and outbox by hand). */
  autostart: boolean;
  reconcileIntervalMs?: number;
}

/** Which parts run, for the start log: never a secret, only what is on and what is missing. */
export function discordFeatures(config: DiscordConfig): string {
  const linking = config.linking
    ? 'linking on'
    : 'linking off (DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET unset)';
  const roles = config.roles
    ? 'VIP roles on'
    : `VIP roles off (${config.linking ? '' : 'linking off, '}DISCORD_BOT_TOKEN and DISCORD_GUILD_ID ${config.botToken ? 'set' : 'unset'})`;
  return `Discord: ${linking}, ${roles}; channel webhooks are notification destinations`;
}

/**
 * Discord: the client (one per process, keeping the rate-limit buckets), the role worker on every
 * process (the queue is shared, like deliveries), and on the leader the role reconciliation. Channel
 * webhooks are destinations of the notifications module's outbox.
 */
async function discordPlugin(app: FastifyInstance, options: DiscordOptions) {
  const { config } = options;
  const client = createDiscordClient({
    apiUrl: config.apiUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    botToken: config.botToken,
  });
  const roles =
    config.roles && config.guildId
      ? createRoleWorker(app.db, client, app.log, {
          guildId: config.guildId,
          pollIntervalMs: 3_000,
          leaseSeconds: 60,
          batchSize: 20,
        })
      : null;

  async function reconcile(): Promise<number> {
    if (!config.roles) return 0;
    const linked = await queryRows<{ discord_user_id: string }>(
      app.db,
      sql`select discord_user_id from discord_links`,
    );
    const ids = linked.map((row) => row.discord_user_id);
    for (let at = 0; at < ids.length; at += 500) {
      await queueRoleSyncByDiscordId(app.db, ids.slice(at, at + 500));
    }
    if (ids.length > 0) void roles?.kick();
    return ids.length;
  }

  app.decorate('discord', {
    config,
    publicUrl: options.publicUrl,
    client,
    roles,
    reconcile,
  });

  if (options.autostart) {
    if (roles) {
      app.addHook('onReady', async () => roles.start());
      app.addHook('onClose', async () => roles.stop());
      app.leadership.every(
        'discord role reconciliation',
        options.reconcileIntervalMs ?? 30 * 60_000,
        reconcile,
      );
    }
  }
  app.addHook('onReady', async () => app.log.info(discordFeatures(config)));
}

export default fp(discordPlugin, {
  name: 'discord',
  dependencies: ['database', 'leadership'],
});
