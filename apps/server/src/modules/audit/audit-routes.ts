import { AUDIT_PAGE_SIZE, auditPageSchema, auditQuerySchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAudit, verifyAuditChain } from './audit-log';

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin: audit'],
        security: [{ bearer: [] }],
        summary: 'The audit log, newest first, and whether its hash chain verifies',
        description:
          'Every admin change of money, rights, catalogue, servers, promo codes, moderation or chat ' +
          'status is one row. `chain.verified` is false when any row was edited or removed.',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => {
      const { actor, target, page } = request.query;
      const [list, chain] = await Promise.all([
        listAudit(app.db, { actor, target }, page, AUDIT_PAGE_SIZE),
        verifyAuditChain(app.db),
      ]);
      return { ...list, page, pageSize: AUDIT_PAGE_SIZE, chain };
    },
  );
};

export default auditRoutes;
