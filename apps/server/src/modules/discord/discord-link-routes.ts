import {
  discordLinkFinishSchema,
  discordLinkStartReplySchema,
  discordLinkStartSchema,
  discordLinkViewSchema,
  type DiscordLinkView,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { asFailure } from '../../integrations/discord/discord-client';
import { conflict, errorReplies, HttpError, notFound, unauthorized } from '../../plugins/errors';
import { actorOf, recordAudit } from '../audit/audit-log';
import { createDiscordLinks, type DiscordLinkRow } from './discord-links';
import { queueDiscordRoleSync, queueRoleSyncByDiscordId } from './discord-role-sync';

export const DISCORD_LINK_MESSAGES = {
  off: 'Привязка Discord не настроена в этом магазине',
  badState:
    'Эта привязка начата не в этом браузере или устарела, поэтому она не выполнена. Нажмите «Привязать Discord» ещё раз.',
  alreadyLinked: 'К профилю уже привязан Discord: сначала отвяжите его',
  takenByOther: 'Этот аккаунт Discord уже привязан к другому профилю магазина',
  discordFailed: 'Discord не подтвердил привязку. Попробуйте ещё раз через минуту.',
} as const;

const view = (available: boolean, link: DiscordLinkRow | undefined): DiscordLinkView => ({
  available,
  linked: link ? { username: link.discordUsername, linkedAt: link.linkedAt.toISOString() } : null,
});

/**
 * The player's Discord link: OAuth2 with the `identify` scope. The browser makes a random state,
 * keeps it in its sessionStorage and hands it here; only its hash is stored, bound to the session.
 * The callback page sends back the state and Discord's code on the same session, once.
 */
const discordLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, client } = app.discord;
  const links = createDiscordLinks(app.db);
  const tags = ['discord'];
  const security = [{ bearer: [] }];
  const replies = errorReplies(400, 401, 404, 409, 502);

  app.get(
    '/discord/link',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'The Discord account linked to the profile',
        response: { 200: discordLinkViewSchema, ...errorReplies(401) },
      },
    },
    async (request) => view(config.linking, await links.find(request.user!.id)),
  );

  app.post(
    '/discord/link/start',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Starts linking: the Discord authorization address for this browser’s state',
        body: discordLinkStartSchema,
        response: { 200: discordLinkStartReplySchema, ...replies },
      },
    },
    async (request) => {
      if (!config.linking || !config.clientId) throw notFound(DISCORD_LINK_MESSAGES.off);
      if (!request.sessionToken) throw unauthorized();
      if (await links.find(request.user!.id)) throw conflict(DISCORD_LINK_MESSAGES.alreadyLinked);
      await links.startLinking(request.user!.id, request.body.state, request.sessionToken);
      const url = new URL(config.oauthUrl);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        response_type: 'code',
        redirect_uri: config.redirectUri,
        scope: 'identify',
        state: request.body.state,
      }).toString();
      return { url: url.toString() };
    },
  );

  app.post(
    '/discord/link/finish',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Finishes linking with Discord’s code and the state this session started',
        description: 'The state is used up whatever happens next. Journaled.',
        body: discordLinkFinishSchema,
        response: { 200: discordLinkViewSchema, ...replies },
      },
    },
    async (request) => {
      const user = request.user!;
      if (!config.linking) throw notFound(DISCORD_LINK_MESSAGES.off);
      const { state, code } = request.body;
      if (
        !request.sessionToken ||
        !(await links.takeLinking(user.id, state, request.sessionToken))
      ) {
        throw conflict(DISCORD_LINK_MESSAGES.badState);
      }
      const account = await client
        .exchangeCode(code, config.redirectUri)
        .then((token) => client.currentUser(token))
        .catch((error: unknown) => {
          request.log.warn({ reason: asFailure(error).message }, 'discord linking failed');
          throw new HttpError(502, 'provider_unavailable', DISCORD_LINK_MESSAGES.discordFailed);
        });
      const discordUsername = (account.global_name ?? account.username).slice(0, 100);
      const linked = await app.db.transaction(async (tx: Db) => {
        if (await createDiscordLinks(tx).find(user.id)) {
          throw conflict(DISCORD_LINK_MESSAGES.alreadyLinked);
        }
        const inserted = await createDiscordLinks(tx).insert({
          userId: user.id,
          discordUserId: account.id,
          discordUsername,
        });
        if (!inserted) throw conflict(DISCORD_LINK_MESSAGES.takenByOther);
        await recordAudit(tx, actorOf(request), {
          action: 'discord.link',
          targetType: 'user',
          targetId: user.id,
          targetName: user.username,
          after: { discordUserId: account.id, discordUsername },
        });
        // A player who bought VIP before linking gets the role now.
        await queueDiscordRoleSync(tx, user.id);
        return createDiscordLinks(tx).find(user.id);
      });
      void app.discord.roles?.kick();
      return view(true, linked);
    },
  );

  app.delete(
    '/discord/link',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Unlinks the Discord account (its VIP role is taken back). Journaled.',
        response: { 200: discordLinkViewSchema, ...errorReplies(401) },
      },
    },
    async (request) => {
      const user = request.user!;
      await app.db.transaction(async (tx: Db) => {
        const removed = await createDiscordLinks(tx).remove(user.id);
        if (!removed) return;
        await recordAudit(tx, actorOf(request), {
          action: 'discord.unlink',
          targetType: 'user',
          targetId: user.id,
          targetName: user.username,
          before: {
            discordUserId: removed.discordUserId,
            discordUsername: removed.discordUsername,
          },
        });
        // No longer linked: the job takes every VIP role off that Discord account.
        await queueRoleSyncByDiscordId(tx, [removed.discordUserId]);
      });
      void app.discord.roles?.kick();
      return view(config.linking, undefined);
    },
  );
};

export default discordLinkRoutes;
