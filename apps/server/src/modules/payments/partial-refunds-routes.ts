import { kopecksToRoubles, okReplySchema, partialRefundsReplySchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isPaymentId } from '../../integrations/payments/payment-provider';
import { errorReplies, notFound } from '../../plugins/errors';
import { actorOf } from '../audit/audit-log';
import { createPartialRefunds, PARTIAL_REFUND_MESSAGES } from './partial-refunds';

/** Partial refunds the reconciliation found: the overview's list and «Учтено». */
export const partialRefundsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin: payments'];
  const security = [{ bearer: [] }];

  app.get(
    '/partial-refunds',
    {
      config: { permission: 'money' },
      schema: {
        tags,
        security,
        summary: 'Top-ups the provider refunded in part, not dealt with yet, newest change first',
        description:
          'The shop takes back whole top-ups only: after a partial refund the balance is unchanged, ' +
          'and the admin settles it by hand (the balance in «Пользователи»), then marks it dealt with.',
        response: { 200: partialRefundsReplySchema },
      },
    },
    async () => ({
      refunds: (await createPartialRefunds(app.db).listOpen()).map((row) => ({
        paymentId: row.paymentId,
        userId: row.userId,
        username: row.username,
        steamId: row.steamId,
        provider: row.provider,
        amount: kopecksToRoubles(row.amountKopecks),
        refunded: kopecksToRoubles(row.refundedKopecks),
        seenAt: row.seenAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      })),
    }),
  );

  app.post(
    '/partial-refunds/:paymentId/settle',
    {
      config: { permission: 'money' },
      schema: {
        tags,
        security,
        summary: 'Mark a partial refund dealt with (journaled); it leaves the list',
        params: z.object({ paymentId: z.string().max(64) }),
        response: { 200: okReplySchema, ...errorReplies(404) },
      },
    },
    async (request) => {
      if (!isPaymentId(request.params.paymentId)) {
        throw notFound(PARTIAL_REFUND_MESSAGES.notFound);
      }
      await app.db.transaction((tx) =>
        createPartialRefunds(tx).settle(request.params.paymentId, actorOf(request)),
      );
      return { success: true as const };
    },
  );
};
