import {
  idParamSchema,
  okReplySchema,
  saleInputSchema,
  saleSchema,
  type SaleInput,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, errorReplies, notFound } from '../../plugins/errors';
import { actorOf } from '../audit/audit-log';
import { createSalesRepository, toSale, type SaleRow } from './sales-repository';
import { createSale, deleteSale, SALE_MESSAGES, updateSale } from './sales-service';

/**
 * Admins: the shop's sales. Every change reaches the catalogue at once on every process (the
 * catalogue's own invalidation, which carries sales), and every purchase reads sales afresh anyway.
 */
const salesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createSalesRepository(app.db);
  const tags = ['admin: sales'];
  const security = [{ bearer: [] }];
  const replies = errorReplies(400, 401, 403, 404);

  /**
   * Sales as shown, with whether each runs now (a wipe sale: by its server's last wipe, as the
   * catalogue prices by it; the wipes module is not imported here: through vip it depends on the
   * products module, which imports this one).
   */
  async function shown(rows: SaleRow[]) {
    const lastWipes = await app.catalog.lastWipes();
    const now = new Date();
    return rows.map((row) => toSale(row, now, lastWipes));
  }

  async function shownOne(row: SaleRow | undefined) {
    if (!row) throw notFound(SALE_MESSAGES.notFound);
    const [sale] = await shown([row]);
    return sale!;
  }

  app.get(
    '/sales',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        security,
        summary: 'Every sale: timed ones and those after each wipe of a server',
        response: { 200: z.array(saleSchema), ...replies },
      },
    },
    async () => shown(await repo.list()),
  );

  app.get(
    '/sales/:id',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        security,
        summary: 'One sale',
        params: idParamSchema,
        response: { 200: saleSchema, ...replies },
      },
    },
    async (request) => shownOne(await repo.findById(request.params.id)),
  );

  /** A sale on a category names one of the owner's categories. */
  async function checkCategory(target: SaleInput['target']) {
    if (!('category' in target)) return;
    const problem = await app.site.categoryProblem(target.category);
    if (problem) throw badRequest(problem);
  }

  app.post(
    '/sales',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        security,
        summary:
          'Start a sale: percent off all products, a category or chosen products, from startsAt to endsAt, or for afterWipeHours after each wipe of serverId (on that server only)',
        body: saleInputSchema,
        response: { 201: saleSchema, ...replies },
      },
    },
    async (request, reply) => {
      await checkCategory(request.body.target);
      const row = await createSale(app.db, actorOf(request), request.body);
      app.catalog.invalidate();
      return reply.status(201).send(await shownOne(row));
    },
  );

  app.put(
    '/sales/:id',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        security,
        summary: 'Change a sale',
        params: idParamSchema,
        body: saleInputSchema,
        response: { 200: saleSchema, ...replies },
      },
    },
    async (request) => {
      await checkCategory(request.body.target);
      const row = await updateSale(app.db, actorOf(request), request.params.id, request.body);
      if (row) app.catalog.invalidate();
      return shownOne(row);
    },
  );

  app.delete(
    '/sales/:id',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        security,
        summary: 'End and delete a sale',
        params: idParamSchema,
        response: { 200: okReplySchema, ...replies },
      },
    },
    async (request) => {
      const row = await deleteSale(app.db, actorOf(request), request.params.id);
      if (!row) throw notFound(SALE_MESSAGES.notFound);
      app.catalog.invalidate();
      return { success: true as const };
    },
  );
};

export default salesAdminRoutes;
