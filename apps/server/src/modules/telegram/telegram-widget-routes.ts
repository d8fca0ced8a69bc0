import { telegramLinkViewSchema, telegramWidgetSchema, type TelegramLinkView } from '@shop/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, conflict, errorReplies, unauthorized } from '../../plugins/errors';
import { recordAdminAction } from '../audit/audit-log';
import {
  checkWidget,
  createTelegramLinks,
  createWidgetStates,
  TELEGRAM_LINK_MESSAGES,
} from './telegram-links';

const tags = ['telegram'];
const security = [{ bearer: [] }];

/** Where Telegram's redirect sends the browser back: the profile's settings, never a field echoed. */
export const WIDGET_RETURN_PATH = '/profile?telegram=';

/** Links the account to a Telegram account and journals it, as every way of linking does. */
export async function linkJournaled(
  request: FastifyRequest,
  telegramId: string,
  username: string | null,
): Promise<void> {
  const { server: app } = request;
  const user = request.user!;
  if (!(await createTelegramLinks(app.db).link(user.id, telegramId, username))) {
    throw conflict(TELEGRAM_LINK_MESSAGES.taken);
  }
  await recordAdminAction(app.db, request, {
    action: 'telegram.link',
    targetType: 'user',
    targetId: user.id,
    targetName: user.username,
    after: { telegramId, username },
  });
}

/**
 * The Login Widget by redirect (data-auth-url): Telegram's script would eval data-onauth, which the
 * CSP forbids. The profile asks for a state bound to its session; Telegram sends the browser to
 * GET …/widget?state=… with the signed fields, which are checked and held against the state; the
 * profile, back on the same session (a bearer token in this browser's storage: the shop has no
 * session cookie), finishes the link once.
 */
const telegramWidgetRoutes: FastifyPluginAsyncZod<{
  view: (userId: number) => Promise<TelegramLinkView>;
}> = async (app, { view }) => {
  const { config } = app.telegram;
  const states = createWidgetStates(app.db);
  const back = (outcome: 'confirm' | 'error') =>
    `${app.telegram.publicUrl}${WIDGET_RETURN_PATH}${outcome}`;

  app.post(
    '/telegram/link/widget-state',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary:
          "A one-time state for the Login Widget's data-auth-url, bound to this session, for 10 minutes",
        response: {
          200: z.object({ authUrl: z.string(), expiresAt: z.string() }),
          ...errorReplies(400, 401),
        },
      },
    },
    async (request, reply) => {
      if (!config.token || !request.sessionToken) throw badRequest(TELEGRAM_LINK_MESSAGES.off);
      const { state, expiresAt } = await states.issue(request.user!.id, request.sessionToken);
      void reply.header('cache-control', 'no-store');
      const authUrl = `${app.telegram.publicUrl}/api/telegram/link/widget?state=${state}`;
      return { authUrl, expiresAt: expiresAt.toISOString() };
    },
  );

  app.get(
    '/telegram/link/widget',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "Telegram's redirect from the Login Widget: checks the hash and auth_date, holds the account against the state, and sends the browser (303) to the profile with ?telegram=confirm or ?telegram=error",
        querystring: z.record(z.string(), z.unknown()),
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const { state, ...fields } = request.query;
      const widget = telegramWidgetSchema.safeParse(fields);
      if (!config.token || typeof state !== 'string' || !widget.success) {
        return reply.redirect(back('error'), 303);
      }
      const verdict = checkWidget(widget.data, config.token);
      const held =
        verdict === 'ok' &&
        (await states.vouch(state, String(widget.data.id), widget.data.username ?? null));
      if (!held) request.log.info({ verdict }, 'telegram widget redirect refused');
      return reply.redirect(back(held ? 'confirm' : 'error'), 303);
    },
  );

  app.post(
    '/telegram/link/widget',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary:
          'Finishes the Login Widget link with the state this session asked for and Telegram vouched for; once. Journaled.',
        body: z.object({ state: z.string().min(1).max(200) }),
        response: { 200: telegramLinkViewSchema, ...errorReplies(400, 401, 409) },
      },
    },
    async (request) => {
      if (!request.sessionToken) throw unauthorized();
      const held = await states.spend(request.body.state, request.user!.id, request.sessionToken);
      if (!held) throw conflict(TELEGRAM_LINK_MESSAGES.stateBad);
      await linkJournaled(request, held.telegramId, held.username);
      return view(request.user!.id);
    },
  );
};

export default telegramWidgetRoutes;
