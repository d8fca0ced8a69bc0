import { apiErrorSchema, transactionSchema, transactionsPageQuerySchema } from '@shop/shared';
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
        description:
          'A page at a time: `limit` rows (200 unless asked, at most 500), and `before` the id of the last row already shown for the next page. A page shorter than `limit` is the last.',
        security: [{ bearer: [] }],
        querystring: transactionsPageQuerySchema,
        response: { 200: z.array(transactionSchema), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => listTransactions(app.db, request.user!.id, request.query),
  );
};

export default transactionsRoutes;
