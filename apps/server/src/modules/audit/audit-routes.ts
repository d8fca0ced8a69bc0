import { AUDIT_PAGE_SIZE, auditPageSchema, auditQuerySchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAudit, verifyAuditChain } from './audit-log';

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      config: { permission: 'settings' },
      schema: {
        tags: ['admin: audit'],
        security: [{ bearer: [] }],
        summary: 'The audit log, newest first, and whether its hash chain verifies',
        description:
          'Every admin change of money, rights, catalogue, servers, promo codes, moderation or chat ' +
          'status, and every console command with its reply, is one row. `chain.verified` is false ' +
          'when a row was edited, removed or written without the key. The check starts at the last ' +
          'verified entry; `full=1` walks the whole chain, which also finds a row changed before it.',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => {
      const { actor, target, page, full } = request.query;
      const [list, chain] = await Promise.all([
        listAudit(app.db, { actor, target }, page, AUDIT_PAGE_SIZE),
        verifyAuditChain(app.db, { full }),
      ]);
      if (!chain.verified) {
        request.log.warn({ brokenAt: chain.brokenAt, full: chain.full }, 'audit chain broken');
      }
      return { ...list, page, pageSize: AUDIT_PAGE_SIZE, chain };
    },
  );
};

export default auditRoutes;
