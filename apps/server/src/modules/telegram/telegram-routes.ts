import {
  okReplySchema,
  telegramLinkCodeReplySchema,
  telegramLinkViewSchema,
  telegramNewsUpdateSchema,
  telegramWidgetSchema,
  type TelegramLinkView,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Update } from 'grammy/types';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { telegramWidgetBot } from '../../config-messengers';
import { badRequest, errorReplies, unauthorized } from '../../plugins/errors';
import { recordAdminAction } from '../audit/audit-log';
import { checkWidget, createTelegramLinks, newsOf, TELEGRAM_LINK_MESSAGES } from './telegram-links';
import telegramWidgetRoutes, { linkJournaled } from './telegram-widget-routes';

const tags = ['telegram'];
const security = [{ bearer: [] }];
const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

const sameSecret = (given: string | undefined, expected: string) => {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The bot's webhook, and an account's Telegram link (players and staff alike). */
const telegramRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.telegram;
  const links = createTelegramLinks(app.db);

  async function view(userId: number): Promise<TelegramLinkView> {
    const link = await links.byUser(userId);
    return {
      available: Boolean(config.token),
      botUsername: config.username,
      widgetBot: telegramWidgetBot(config),
      linked: link
        ? {
            telegramId: link.telegram_id,
            username: link.username,
            linkedAt: new Date(link.linked_at).toISOString(),
            news: newsOf(link),
          }
        : null,
    };
  }

  // The Login Widget's redirect flow (data-auth-url), beside the deep link below.
  await app.register(telegramWidgetRoutes, { view });

  app.post(
    '/telegram/webhook',
    {
      schema: {
        tags,
        summary:
          "Telegram's updates, when TELEGRAM_WEBHOOK_SECRET is set; one without the X-Telegram-Bot-Api-Secret-Token it was registered with answers 401 and does nothing",
        // Only the id is ours to check; the bot reads the rest as the Bot API's Update.
        body: z
          .looseObject({ update_id: z.number().int() })
          .transform((update): Update => update as Update),
        response: { 200: okReplySchema, ...errorReplies(400, 401) },
      },
    },
    async (request) => {
      const secret = config.webhookSecret;
      const header = request.headers[SECRET_HEADER];
      if (
        !secret ||
        !app.telegram.bot ||
        !sameSecret(typeof header === 'string' ? header : undefined, secret)
      ) {
        throw unauthorized('Неверный секрет вебхука Telegram');
      }
      // An update the bot cannot read is logged and acknowledged: Telegram would only send it again.
      await app.telegram.bot.handle(request.body).catch((err: unknown) => {
        request.log.warn({ err, updateId: request.body.update_id }, 'telegram update failed');
      });
      return { success: true as const };
    },
  );

  app.get(
    '/telegram/link',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: "The signed-in account's Telegram: id, username, the news it gets",
        response: { 200: telegramLinkViewSchema, ...errorReplies(401) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return view(request.user!.id);
    },
  );

  app.post(
    '/telegram/link',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary:
          "Links the Telegram account the Login Widget signed in (hash checked with the bot's token, auth_date within a day). Journaled.",
        body: telegramWidgetSchema,
        response: { 200: telegramLinkViewSchema, ...errorReplies(400, 401, 409) },
      },
    },
    async (request) => {
      if (!config.token) throw badRequest(TELEGRAM_LINK_MESSAGES.off);
      const verdict = checkWidget(request.body, config.token);
      if (verdict !== 'ok') throw badRequest(TELEGRAM_LINK_MESSAGES[verdict]);
      await linkJournaled(request, String(request.body.id), request.body.username ?? null);
      return view(request.user!.id);
    },
  );

  app.post(
    '/telegram/link/code',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary:
          'A one-time deep link t.me/<bot>?start=<code>: opened within 10 minutes, it links the account',
        response: { 200: telegramLinkCodeReplySchema, ...errorReplies(400, 401) },
      },
    },
    async (request, reply) => {
      if (!config.token || !config.username) throw badRequest(TELEGRAM_LINK_MESSAGES.off);
      const { code, expiresAt } = await links.issueCode(request.user!.id);
      void reply.header('cache-control', 'no-store');
      const base = config.standIn
        ? `${app.telegram.publicUrl}/api/demo/telegram/chat`
        : 'https://t.me';
      return {
        url: `${base}/${config.username}?start=${code}`,
        expiresAt: expiresAt.toISOString(),
      };
    },
  );

  app.put(
    '/telegram/link/news',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Switches the news a linked player gets in Telegram',
        body: telegramNewsUpdateSchema,
        response: { 200: telegramLinkViewSchema, ...errorReplies(400, 401) },
      },
    },
    async (request) => {
      await links.setNews(request.user!.id, request.body.news);
      return view(request.user!.id);
    },
  );

  app.delete(
    '/telegram/link',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Unlinks Telegram from the signed-in account. Journaled.',
        response: { 200: okReplySchema, ...errorReplies(401) },
      },
    },
    async (request) => {
      const removed = await links.unlink({ userId: request.user!.id });
      if (removed) {
        await recordAdminAction(app.db, request, {
          action: 'telegram.unlink',
          targetType: 'user',
          targetId: request.user!.id,
          targetName: request.user!.username,
          before: { telegramId: removed.telegram_id },
        });
      }
      return { success: true as const };
    },
  );
};

export default telegramRoutes;
