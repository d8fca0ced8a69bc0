import {
  apiErrorSchema,
  debtSchema,
  kopecksToRoubles,
  paymentCreateReplySchema,
  paymentCreateSchema,
  paymentStatusSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../plugins/errors';
import { debtNotice } from '../ledger/ledger';
import { perAccountLimit } from '../../plugins/rate-limits';
import { paymentMethodsRoutes } from './payment-methods-routes';
import providerNotifyRoutes from './provider-notify-routes';

const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['money'];
  const security = [{ bearer: [] }];
  await app.register(paymentMethodsRoutes);

  app.post(
    '/payments/create',
    {
      preHandler: app.requireUser,
      config: { rateLimit: perAccountLimit(20), idempotent: true },
      schema: {
        tags,
        security,
        summary:
          "Start a top-up within the shop's and the method's limits and its bonus as shown: method is the provider (freekassa, yookassa, cryptopay; kassa and sbp are FreeKassa's card and SBP), paymentSystemId its method (GET /payments/methods); returns the provider's page",
        body: paymentCreateSchema,
        response: {
          200: paymentCreateReplySchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      app.idempotency.run(request, reply, (tx) =>
        app.payments.create(tx, request.user!.id, request.body, request.ip),
      ),
  );

  app.get(
    '/payments/:id/status',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          "One of the signed-in user's payments; a pending YooKassa or Crypto Pay one is checked with the provider (at most every 5 s)",
        params: z.object({ id: z.string().max(64) }),
        response: { 200: paymentStatusSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const status = await app.payments.statusFor(request.user!.id, request.params.id);
      if (!status) throw notFound('Платёж не найден');
      return status;
    },
  );

  app.get(
    '/payments/debt',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'What a reversed top-up left the signed-in player owing, and why nothing can be bought',
        response: { 200: debtSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const notice = await debtNotice(app.db, request.user!.id);
      return notice
        ? { owed: kopecksToRoubles(notice.owedKopecks), message: notice.message }
        : { owed: 0, message: null };
    },
  );

  app.post(
    '/payments/freekassa/notify',
    {
      // The provider repeats until it hears YES; limiting it would only delay credits.
      config: { rateLimit: false },
      schema: {
        tags,
        summary: "FreeKassa's payment notification (form fields, signed); answers YES",
        body: z.record(z.string(), z.unknown()),
        response: {
          200: z.string(),
          400: apiErrorSchema,
          409: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await app.payments.handleNotification('freekassa', {
        rawBody: '',
        body: request.body,
        headers: request.headers,
        sourceIp: request.ip,
      });
      const { contentType, body } = app.paymentProviders.get('freekassa')!.notificationReply;
      return reply.type(contentType).send(body);
    },
  );

  // YooKassa's and Crypto Pay's JSON notifications, in a scope that keeps the raw body.
  await app.register(providerNotifyRoutes);
};

export default paymentsRoutes;
