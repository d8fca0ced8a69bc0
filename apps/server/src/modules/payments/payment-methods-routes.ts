import {
  adminPaymentMethodsSchema,
  apiErrorSchema,
  paymentMethodsReplySchema,
  paymentMethodsUpdateSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OWNER_ONLY } from '@shop/shared';
import { userPermissions } from '../../plugins/permissions';
import { actorOf } from '../audit/audit-log';

const mayEdit = (user: Parameters<typeof userPermissions>[0]) =>
  userPermissions(user).includes(OWNER_ONLY);

/** GET /api/payments/methods: the ways to pay the top-up dialog offers the signed-in player. */
export const paymentMethodsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments/methods',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['money'],
        security: [{ bearer: [] }],
        summary:
          "The enabled payment methods in the owner's order, each with its provider, limits and fee; providers whose API fails are listed apart with a note",
        description:
          '`provider` is the `method` of POST /payments/create and `id` its `paymentSystemId`. ' +
          '`firstTopUp`: no top-up of this player is credited yet, so the first-top-up bonus applies.',
        response: { 200: paymentMethodsReplySchema, 401: apiErrorSchema },
      },
    },
    async (request) => app.paymentMethods.forDialog(request.user!.id),
  );
};

/**
 * «Способы оплаты» in the admin panel: each provider's health and methods; switching methods and
 * their order is the owner's (payment settings), reading them is for staff who handle money.
 */
export const paymentMethodsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin: payments'];
  const security = [{ bearer: [] }];

  app.get(
    '/payment-methods',
    {
      config: { permission: 'money' },
      schema: {
        tags,
        security,
        summary:
          "Every method of the configured providers in the owner's order, on or off, and each provider's health (last success, last error)",
        response: { 200: adminPaymentMethodsSchema },
      },
    },
    async (request) => app.paymentMethods.forAdmin(mayEdit(request.user!)),
  );

  app.put(
    '/payment-methods',
    {
      config: { permission: 'owner' },
      schema: {
        tags,
        security,
        summary: 'Switch methods on or off and order them: the whole list, in the new order',
        description:
          'Methods left out keep their state and follow the listed ones. A method no configured ' +
          'provider offers is refused with 400. Written to the journal (`payment.methods`).',
        body: paymentMethodsUpdateSchema,
        response: { 200: adminPaymentMethodsSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      await app.paymentMethods.save(request.body, actorOf(request));
      return app.paymentMethods.forAdmin(true);
    },
  );
};
