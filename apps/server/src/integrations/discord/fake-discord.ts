import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RESTPostAPIWebhookWithTokenJSONBody } from 'discord-api-types/v10';
import { registerFakeDiscordOAuth } from './fake-discord-oauth';
import {
  createFakeDiscordState,
  DEMO_DISCORD_ROLES,
  WEBHOOK_LIMIT,
  WEBHOOK_WINDOW_MS,
  type FakeDiscordSettings,
  type FakeDiscordState,
  type FakeWebhook,
} from './fake-discord-state';

export type { FakeDiscordState, FakeDiscordUser } from './fake-discord-state';

type MemberParams = { guild: string; user: string };
type RoleParams = MemberParams & { role: string };
type WebhookParams = { id: string; token: string };

const error = (reply: FastifyReply, status: number, code: number, message: string) =>
  reply.status(status).send({ message, code });

/** The bucket headers Discord sends with every rate-limited route's answer. */
function bucketHeaders(reply: FastifyReply, hook: FakeWebhook, id: string) {
  const resetAfter = Math.max(hook.windowResetAt - Date.now(), 0) / 1000;
  reply.header('X-RateLimit-Limit', String(WEBHOOK_LIMIT));
  reply.header('X-RateLimit-Remaining', String(Math.max(WEBHOOK_LIMIT - hook.windowCount, 0)));
  reply.header('X-RateLimit-Reset', ((Date.now() + resetAfter * 1000) / 1000).toFixed(3));
  reply.header('X-RateLimit-Reset-After', resetAfter.toFixed(3));
  reply.header('X-RateLimit-Bucket', `webhook-${id}`);
}

/** A 429 as Discord sends it: retry_after in the body and Retry-After (whole seconds) as a header. */
function rateLimited(reply: FastifyReply, hook: FakeWebhook, id: string, seconds: number) {
  hook.limited += 1;
  bucketHeaders(reply, hook, id);
  reply.header('X-RateLimit-Remaining', '0');
  reply.header('X-RateLimit-Reset-After', seconds.toFixed(3));
  reply.header('Retry-After', String(Math.max(Math.ceil(seconds), 1)));
  reply.header('X-RateLimit-Scope', 'shared');
  return reply
    .status(429)
    .send({ message: 'You are being rate limited.', retry_after: seconds, global: false });
}

/**
 * A stand-in for Discord's REST API v10 and OAuth2 that answers as Discord does: the authorize
 * page and token endpoint, `users/@me`, a guild member and its roles (PUT and DELETE, with the bot's
 * token), and channel webhooks with their rate limits (X-RateLimit headers, 429 with retry_after).
 * Demo mode mounts it inside the shop; tests run it on their own loopback port (test-support).
 */
export function registerFakeDiscord(
  app: FastifyInstance,
  options: {
    prefix: string;
    settings: FakeDiscordSettings;
    /** A channel webhook made up front (the demo's), shown with its messages on the member page. */
    demoChannel?: boolean;
  },
): FakeDiscordState {
  const state = createFakeDiscordState(options.settings);
  const channel = options.demoChannel ? state.createWebhook() : null;
  const api = `${options.prefix}/api`;
  registerFakeDiscordOAuth(app, state, { prefix: options.prefix, api });

  const botOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (state.down) return reply.status(503).send({ message: 'Service Unavailable' });
    if (request.headers.authorization !== `Bot ${state.settings.botToken}`) {
      return error(reply, 401, 0, '401: Unauthorized');
    }
    if ((request.params as MemberParams).guild !== state.settings.guildId) {
      return error(reply, 404, 10004, 'Unknown Guild');
    }
    return undefined;
  };

  app.get<{ Params: MemberParams }>(
    `${api}/v10/guilds/:guild/members/:user`,
    { preHandler: botOnly },
    async (request, reply) => {
      const roles = state.members.get(request.params.user);
      const user = state.users.get(request.params.user);
      if (!roles || !user) return error(reply, 404, 10007, 'Unknown Member');
      return {
        user: { id: user.id, username: user.username, global_name: user.globalName },
        roles: [...roles],
        joined_at: new Date(0).toISOString(),
        deaf: false,
        mute: false,
        flags: 0,
      };
    },
  );

  const roleRoute = (method: 'PUT' | 'DELETE') =>
    app.route<{ Params: RoleParams }>({
      method,
      url: `${api}/v10/guilds/:guild/members/:user/roles/:role`,
      preHandler: botOnly,
      handler: async (request, reply) => {
        const roles = state.members.get(request.params.user);
        if (!roles) return error(reply, 404, 10007, 'Unknown Member');
        state.roleCalls.push({ method, userId: request.params.user, roleId: request.params.role });
        if (method === 'PUT') roles.add(request.params.role);
        else roles.delete(request.params.role);
        return reply.status(204).send();
      },
    });
  roleRoute('PUT');
  roleRoute('DELETE');

  app.post<{ Params: WebhookParams }>(`${api}/v10/webhooks/:id/:token`, async (request, reply) => {
    if (state.down) return reply.status(503).send({ message: 'Service Unavailable' });
    const hook = state.webhooks.get(request.params.id);
    if (!hook || hook.deleted) return error(reply, 404, 10015, 'Unknown Webhook');
    if (hook.token !== request.params.token)
      return error(reply, 401, 50027, 'Invalid Webhook Token');
    const forced = hook.rateLimits.shift();
    if (forced !== undefined) return rateLimited(reply, hook, request.params.id, forced);
    if (Date.now() >= hook.windowResetAt) {
      hook.windowCount = 0;
      hook.windowResetAt = Date.now() + WEBHOOK_WINDOW_MS;
    }
    if (hook.windowCount >= WEBHOOK_LIMIT) {
      return rateLimited(reply, hook, request.params.id, (hook.windowResetAt - Date.now()) / 1000);
    }
    const body = request.body as RESTPostAPIWebhookWithTokenJSONBody | undefined;
    if (!body || (!body.content && !body.embeds?.length)) {
      return error(reply, 400, 50006, 'Cannot send an empty message');
    }
    hook.windowCount += 1;
    hook.messages.push(body);
    bucketHeaders(reply, hook, request.params.id);
    return reply.status(204).send();
  });

  // Not Discord's: the stand-in's own page of the server's members and their roles, for the demo.
  app.get(`${options.prefix}/guild`, async (request, reply) => {
    const names = new Map<string, string>(DEMO_DISCORD_ROLES.map((role) => [role.id, role.name]));
    const channelHtml = (protocol: string, host: string) => {
      if (!channel) return '';
      const url = `${protocol}://${host}${options.prefix}/api/webhooks/${channel.id}/${channel.token}`;
      const messages = (state.webhooks.get(channel.id)?.messages ?? [])
        .map(
          (message) =>
            `<li>${escapeHtml(message.embeds?.[0]?.title ?? message.content ?? '')}</li>`,
        )
        .join('');
      return `<h2>Канал #магазин</h2><p>Адрес вебхука для админ-панели: <code>${escapeHtml(url)}</code></p><ul>${messages}</ul>`;
    };
    const rows = [...state.members]
      .map(([id, roles]) => {
        const user = state.users.get(id);
        const shown = [...roles].map((role) => names.get(role) ?? role).join(', ') || '—';
        return `<tr><td>${escapeHtml(user?.globalName ?? user?.username ?? id)}</td><td>${escapeHtml(shown)}</td></tr>`;
      })
      .join('');
    return reply
      .type('text/html')
      .send(
        `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Демо-Discord: участники</title></head><body style="font-family:sans-serif"><h1>Участники демо-сервера Discord</h1><table border="1" cellpadding="6"><tr><th>Участник</th><th>Роли</th></tr>${rows}</table>${channelHtml(request.protocol, request.host)}</body></html>`,
      );
  });

  return state;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
