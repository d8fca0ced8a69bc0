import {
  ADMIN_PAYMENTS_PAGE_SIZE,
  adminPaymentsPageSchema,
  adminPaymentsQuerySchema,
  apiErrorSchema,
  kopecksToRoubles,
  paymentReversalInputSchema,
  paymentReversalReplySchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isPaymentId } from '../../integrations/payments/payment-provider';
import { notFound } from '../../plugins/errors';
import { assertMayActOnUser } from '../../plugins/permissions';
import { actorOf } from '../audit/audit-log';
import { REVERSAL_MESSAGES, reversalMessage } from './payment-reversals';
import { partialRefundsAdminRoutes } from './partial-refunds-routes';
import { paymentMethodsAdminRoutes } from './payment-methods-routes';
import { createPaymentsRepository } from './payments-repository';

/** The admin's top-ups: the list with each one's reversal, and «Отменить пополнение». */
const paymentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createPaymentsRepository(app.db);
  const tags = ['admin: payments'];
  const security = [{ bearer: [] }];
  await app.register(paymentMethodsAdminRoutes);
  await app.register(partialRefundsAdminRoutes);

  app.get(
    '/payments',
    {
      config: { permission: 'money' },
      schema: {
        tags,
        security,
        summary: 'Top-ups, newest first, 20 a page, each with its reversal if any',
        querystring: adminPaymentsQuerySchema,
        response: { 200: adminPaymentsPageSchema },
      },
    },
    async (request) => {
      const { page, q } = request.query;
      const { rows, total } = await repo.adminPage(page, ADMIN_PAYMENTS_PAGE_SIZE, q || undefined);
      return {
        page,
        pageSize: ADMIN_PAYMENTS_PAGE_SIZE,
        total,
        payments: rows.map(({ payment, user, reversal }) => ({
          id: payment.id,
          userId: user.id,
          username: user.username,
          steamId: user.steamId,
          amount: kopecksToRoubles(payment.amountKopecks),
          bonus: kopecksToRoubles(
            payment.bonusKopecks + payment.firstBonusKopecks + payment.promoBonusKopecks,
          ),
          provider: payment.provider,
          method: payment.method,
          status: payment.status as 'pending' | 'paid' | 'cancelled' | 'failed',
          createdAt: payment.createdAt.toISOString(),
          paidAt: payment.paidAt?.toISOString() ?? null,
          reversal: reversal && {
            amount: kopecksToRoubles(reversal.amountKopecks),
            source: reversal.source,
            reason: reversal.reason,
            createdAt: reversal.createdAt.toISOString(),
          },
        })),
      };
    },
  );

  app.post(
    '/payments/:id/reverse',
    {
      config: { permission: 'money' },
      schema: {
        tags,
        security,
        summary: 'Reverse a credited top-up (refund, chargeback) once, with a reason',
        description:
          'Takes the top-up and its bonus off the balance in one ledger entry, which may leave the ' +
          'balance below zero: purchases and gifts are refused until a top-up repays it. VIP bought ' +
          'since the top-up is revoked. A second call changes nothing and answers `reversed: false`.',
        params: z.object({ id: z.string().max(64) }),
        body: paymentReversalInputSchema,
        response: {
          200: paymentReversalReplySchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      if (!isPaymentId(request.params.id)) throw notFound(REVERSAL_MESSAGES.notFound);
      // Nobody below an owner reverses an owner's top-up (docs/decisions/0036-staff-roles.md).
      const payment = await repo.findById(request.params.id);
      if (payment) await assertMayActOnUser(app.db, request.user!, payment.userId);
      const outcome = await app.payments.reverse(request.params.id, {
        source: 'admin',
        reason: request.body.reason,
        actor: actorOf(request),
      });
      return {
        success: true as const,
        reversed: outcome.reversed,
        message: reversalMessage(outcome),
        balance: outcome.balanceKopecks === null ? null : kopecksToRoubles(outcome.balanceKopecks),
      };
    },
  );
};

export default paymentsAdminRoutes;
