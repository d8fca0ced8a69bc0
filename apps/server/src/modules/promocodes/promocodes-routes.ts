import {
  apiErrorSchema,
  idParamSchema,
  okReplySchema,
  promoActivateReplySchema,
  promoActivateSchema,
  promocodeInputSchema,
  promocodeSchema,
  waitingPromoSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound } from '../../plugins/errors';
import { perAccountLimit } from '../../plugins/rate-limits';
import { createPromocodesRepository, toPromocode } from './promocodes-repository';
import { activatePromocode, createPromocode } from './promocodes-service';
import { actorOf, entityAudit, recordAdminAction } from '../audit/audit-log';

/** Players: activate a code, and see which one waits for their next top-up. */
export const promocodesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/promocodes/activate',
    {
      preHandler: app.requireUser,
      config: { rateLimit: perAccountLimit(10), idempotent: true },
      schema: {
        tags: ['money'],
        security: [{ bearer: [] }],
        summary:
          'Activate a promo code: a fixed code credits at once, a percentage one raises the next top-up bonus',
        body: promoActivateSchema,
        response: {
          200: promoActivateReplySchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      return app.idempotency.run(
        request,
        reply,
        (tx) => activatePromocode(tx, userId, request.body.code),
        ({ balance }) => {
          if (balance !== null) app.realtime.toUser(userId, 'balanceUpdate', { balance });
        },
      );
    },
  );

  // The top-up dialog's preview: the percentage code waiting for the player's next top-up.
  app.get(
    '/promocodes/waiting',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['money'],
        security: [{ bearer: [] }],
        summary: "The player's activated percentage code that the next paid top-up will use",
        response: { 200: waitingPromoSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const waiting = await createPromocodesRepository(app.db).findWaitingPromo(request.user!.id);
      return {
        promo: waiting ? { code: waiting.code, percent: Number(waiting.percent) } : null,
      };
    },
  );
};

/** Admins: create, list and delete codes. */
export const promocodesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createPromocodesRepository(app.db);
  const tags = ['admin: promo codes'];
  const security = [{ bearer: [] }];

  app.get(
    '/promocodes',
    {
      config: { permission: 'money' },
      schema: {
        tags,
        security,
        summary: 'All promo codes with their use',
        response: { 200: z.array(promocodeSchema) },
      },
    },
    async () => (await repo.list()).map(toPromocode),
  );

  app.post(
    '/promocodes',
    {
      config: { permission: 'money' },
      schema: {
        tags,
        security,
        summary: 'Create a promo code',
        body: promocodeInputSchema,
        response: { 201: promocodeSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const row = await createPromocode(app.db, actorOf(request), request.body);
      if (!row) throw conflict('Промокод с таким кодом уже существует');
      return reply.status(201).send(toPromocode(row));
    },
  );

  app.delete(
    '/promocodes/:id',
    {
      config: { permission: 'money' },
      schema: {
        tags,
        security,
        summary: 'Delete a promo code',
        params: idParamSchema,
        response: { 200: okReplySchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const before = (await repo.list()).find((row) => row.id === request.params.id);
      if (!before || !(await repo.remove(request.params.id))) throw notFound('Промокод не найден');
      await recordAdminAction(
        app.db,
        request,
        entityAudit('promocode.delete', 'promocode', toPromocode(before), null),
      );
      return { success: true as const };
    },
  );
};
