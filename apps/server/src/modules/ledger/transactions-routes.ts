import { apiErrorSchema, transactionSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listTransactions } from './ledger';

const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/transactions',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['money'],
        summary: "The signed-in user's ledger, newest first",
        security: [{ bearer: [] }],
        response: { 200: z.array(transactionSchema), 401: apiErrorSchema },
      },
    },
    async (request) => listTransactions(app.db, request.user!.id),
  );
};

export default transactionsRoutes;
