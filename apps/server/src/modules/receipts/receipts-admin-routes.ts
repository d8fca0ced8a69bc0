import {
  adminReceiptsReplySchema,
  adminReceiptsSummarySchema,
  apiErrorSchema,
  kopecksToRoubles,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createReceiptsRepository } from './receipts-repository';

/** The admin's view of one top-up's fiscal receipts, with their state (docs/decisions/0035). */
const receiptsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createReceiptsRepository(app.db);

  app.get(
    '/payments/:id/receipts',
    {
      config: { permission: 'money' },
      schema: {
        tags: ['admin: payments'],
        security: [{ bearer: [] }],
        summary: "A top-up's fiscal receipts: advance, settlements of its orders, refunds",
        params: z.object({ id: z.uuid({ error: 'Неверный номер пополнения' }) }),
        response: { 200: adminReceiptsReplySchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const rows = await repo.forPayment(request.params.id);
      return {
        mode: app.receipts.settings.mode,
        receipts: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          state: row.state,
          amount: kopecksToRoubles(row.amountKopecks),
          orderId: row.orderId,
          lines: row.lines.map((line) => ({
            description: line.description,
            quantity: line.quantity,
            amount: kopecksToRoubles(line.amountKopecks),
          })),
          email: row.email,
          providerReceiptId: row.providerReceiptId,
          attempts: row.attempts,
          lastError: row.lastError,
          nextAttemptAt:
            row.state === 'queued' || row.state === 'registering'
              ? row.nextAttemptAt.toISOString()
              : null,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/receipts/summary',
    {
      config: { permission: 'money' },
      schema: {
        tags: ['admin: payments'],
        security: [{ bearer: [] }],
        summary: 'Receipts given up on (with the latest ones) and receipts on their way',
        response: { 200: adminReceiptsSummarySchema },
      },
    },
    async () => ({ mode: app.receipts.settings.mode, ...(await repo.summary()) }),
  );
};

export default receiptsAdminRoutes;
