import {
  idParamSchema,
  notificationDestinationCreateSchema,
  notificationDestinationSchema,
  notificationStatusSchema,
  notificationTestReplySchema,
  okReplySchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { maskToken } from '../../config-messengers';
import type { Db } from '../../db/client';
import { badRequest, conflict, errorReplies, notFound } from '../../plugins/errors';
import { actorOf, recordAdminAction, recordAudit } from '../audit/audit-log';
import { createDestinations, DESTINATION_MESSAGES, normaliseTarget } from './destinations';
import { renderNotice } from './notice';

const adminReplies = errorReplies(401, 403);
const tags = ['admin: notifications'];
const security = [{ bearer: [] }];
const config = { permission: 'settings' as const };

/**
 * The admin's «Сообщество» tab: which messengers are set up (tokens masked), the destinations and
 * the events each hears of, a test message per destination, and the outbox with its dead letters.
 */
const notificationsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const destinations = createDestinations(app.db);
  const { telegram, vk, senders, discordStandIns } = app.notifications;

  app.get(
    '/notifications',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Messengers, destinations, and the outbox (dead letters first)',
        response: { 200: notificationStatusSchema, ...adminReplies },
      },
    },
    async () => ({
      telegram: {
        enabled: Boolean(telegram.token),
        tokenMasked: maskToken(telegram.token),
        username: telegram.username,
        updates: !telegram.token
          ? ('off' as const)
          : telegram.webhookSecret
            ? ('webhook' as const)
            : ('polling' as const),
        linkedAccounts: await app.telegram.links.count(),
      },
      vk: { enabled: Boolean(vk.token), tokenMasked: maskToken(vk.token) },
      destinations: await destinations.list(),
      outbox: await destinations.outbox(),
      counts: await destinations.counts(),
    }),
  );

  app.get(
    '/notifications/destinations',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Where staff notifications go, with the events each is told of',
        response: { 200: z.array(notificationDestinationSchema), ...adminReplies },
      },
    },
    async () => destinations.list(),
  );

  app.post(
    '/notifications/destinations',
    {
      config,
      schema: {
        tags,
        security,
        summary:
          'Adds a destination: a Telegram chat id (or id/topic), a VK peer_id, or a Discord webhook URL. Journaled without a token.',
        body: notificationDestinationCreateSchema,
        response: {
          201: notificationDestinationSchema,
          ...errorReplies(400, 409),
          ...adminReplies,
        },
      },
    },
    async (request, reply) => {
      const { channel, events } = request.body;
      if (channel === 'telegram' && !telegram.token)
        throw badRequest(DESTINATION_MESSAGES.telegramOff);
      if (channel === 'vk' && !vk.token) throw badRequest(DESTINATION_MESSAGES.vkOff);
      const checked = normaliseTarget(channel, request.body.target, discordStandIns);
      if ('error' in checked) throw badRequest(checked.error);
      const row = await app.db.transaction(async (tx: Db) => {
        const created = await createDestinations(tx).create({
          channel,
          target: checked.target,
          name: request.body.name ?? '',
          events,
        });
        if (!created) throw conflict(DESTINATION_MESSAGES.duplicate);
        const view = (await createDestinations(tx).list()).find((d) => d.id === created.id)!;
        await recordAudit(tx, actorOf(request), {
          action: 'notifications.destination.create',
          targetType: 'notification-destination',
          targetId: created.id,
          targetName: view.name || view.target,
          after: { channel, target: view.target, events },
        });
        return view;
      });
      return reply.status(201).send(row);
    },
  );

  app.delete(
    '/notifications/destinations/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Removes a destination with its unsent and dead messages. Journaled.',
        params: idParamSchema,
        response: { 200: okReplySchema, ...errorReplies(400, 404), ...adminReplies },
      },
    },
    async (request) => {
      await app.db.transaction(async (tx: Db) => {
        const removed = await createDestinations(tx).remove(request.params.id);
        if (!removed) throw notFound(DESTINATION_MESSAGES.notFound);
        await recordAudit(tx, actorOf(request), {
          action: 'notifications.destination.delete',
          targetType: 'notification-destination',
          targetId: removed.id,
          targetName: removed.name || removed.channel,
          before: { channel: removed.channel, events: removed.events },
        });
      });
      return { success: true as const };
    },
  );

  app.post(
    '/notifications/destinations/:id/test',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Sends a test message to the destination now, outside the outbox',
        params: idParamSchema,
        response: { 200: notificationTestReplySchema, ...errorReplies(400, 404), ...adminReplies },
      },
    },
    async (request) => {
      const row = await destinations.find(request.params.id);
      if (!row) throw notFound(DESTINATION_MESSAGES.notFound);
      const sender = senders[row.channel];
      if (sender.unavailable) return { ok: false, error: sender.unavailable };
      const payload = renderNotice(
        {
          title: 'Проверка связи',
          colour: 'support',
          fields: [['События', row.events.length.toString()]],
          at: new Date(),
        },
        row.channel,
      );
      try {
        await sender.send(row.target, payload, Date.now() % 2_000_000_000);
        return { ok: true, error: null };
      } catch (error) {
        return { ok: false, error: sender.failure(error).message };
      }
    },
  );

  app.post(
    '/notifications/outbox/:id/retry',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Sends a dead letter again. Journaled.',
        params: idParamSchema,
        response: { 200: okReplySchema, ...errorReplies(400, 404), ...adminReplies },
      },
    },
    async (request) => {
      if (!(await destinations.retry(request.params.id))) {
        throw notFound('Такого недоставленного сообщения нет');
      }
      await recordAdminAction(app.db, request, {
        action: 'notifications.retry',
        targetType: 'notification',
        targetId: request.params.id,
      });
      return { success: true as const };
    },
  );
};

export default notificationsAdminRoutes;
