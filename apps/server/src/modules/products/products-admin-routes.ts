import {
  adminProductSchema,
  apiErrorSchema,
  idParamSchema,
  okReplySchema,
  productInputSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, conflict, notFound, errorReplies } from '../../plugins/errors';
import { createServersRepository } from '../servers/servers-repository';
import { createUsersRepository } from '../users/users-repository';
import {
  createProductsRepository,
  toAdminProduct,
  type ProductFields,
  type ProductRow,
} from './products-repository';
import { recordAdminAction, entityAudit } from '../audit/audit-log';
import { noIcons } from '../catalog/item-icons';

/** SPEC §8: the admin's message for a product that is gone (deleted meanwhile, for one). */
const productNotFound = (id: number) => notFound(`Товар с ID ${id} не найден`);

export const PRODUCT_HAS_ORDERS =
  'Нельзя удалить товар, так как он связан с заказами. Используйте «Скрыть»: покупатели его не увидят, история заказов сохранится.';

/** The audit keeps what is stored, not which icon files the shop had at the time. */
const productAudit = (
  action: string,
  before: ProductRow | null | undefined,
  after: ProductRow | null,
) =>
  entityAudit(
    action,
    'product',
    before && toAdminProduct(before, noIcons),
    after && toAdminProduct(after, noIcons),
  );

const productsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createProductsRepository(app.db);
  const serversRepo = createServersRepository(app.db);
  const usersRepo = createUsersRepository(app.db);
  const tags = ['admin: catalogue'];
  const security = [{ bearer: [] }];
  const replies = errorReplies(400, 401, 403, 404);
  const shown = async (row: ProductRow) =>
    toAdminProduct(row, await app.itemIcons.lookup(), await repo.kitItemsOf([row]));

  /** References must exist: a product for a deleted server or user could never be bought. */
  async function checkReferences(fields: ProductFields) {
    if (fields.server !== 'all' && !(await serversRepo.findById(Number(fields.server)))) {
      throw badRequest('Сервер не найден');
    }
    if (fields.personalUserId !== null && !(await usersRepo.findById(fields.personalUserId))) {
      throw badRequest('Пользователь для личного товара не найден');
    }
    const problem =
      (await app.site.categoryProblem(fields.category)) ??
      (fields.vipTier ? await app.site.vipTierProblem(fields.vipTier) : null);
    if (problem) throw badRequest(problem);
  }

  app.get(
    '/products',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        security,
        summary: 'Every product, hidden ones included',
        response: { 200: z.array(adminProductSchema) },
      },
    },
    async () => {
      const [rows, iconOf] = await Promise.all([repo.list(), app.itemIcons.lookup()]);
      const itemOf = await repo.kitItemsOf(rows);
      return rows.map((row) => toAdminProduct(row, iconOf, itemOf));
    },
  );

  app.post(
    '/products',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        security,
        summary: 'Add a product',
        body: productInputSchema,
        response: { 201: adminProductSchema, ...replies },
      },
    },
    async (request, reply) => {
      await checkReferences(request.body);
      const row = await repo.create(request.body);
      app.catalog.invalidate();
      await recordAdminAction(app.db, request, productAudit('product.create', null, row));
      return reply.status(201).send(await shown(row));
    },
  );

  app.put(
    '/products/:id',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        security,
        summary: 'Edit a product',
        params: idParamSchema,
        body: productInputSchema,
        response: { 200: adminProductSchema, ...replies },
      },
    },
    async (request) => {
      await checkReferences(request.body);
      const before = await repo.findById(request.params.id);
      const row = await repo.update(request.params.id, request.body);
      if (!row) throw productNotFound(request.params.id);
      app.catalog.invalidate();
      await recordAdminAction(app.db, request, productAudit('product.update', before, row));
      return shown(row);
    },
  );

  app.patch(
    '/products/:id',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        security,
        summary: 'Hide or show a product, or flag it popular',
        params: idParamSchema,
        body: z
          .object({ isActive: z.boolean().optional(), popular: z.boolean().optional() })
          .refine((flags) => Object.keys(flags).length > 0, 'Нечего менять'),
        response: { 200: adminProductSchema, ...replies },
      },
    },
    async (request) => {
      const before = await repo.findById(request.params.id);
      const row = await repo.setFlags(request.params.id, request.body);
      if (!row) throw productNotFound(request.params.id);
      app.catalog.invalidate();
      await recordAdminAction(app.db, request, productAudit('product.flags', before, row));
      return shown(row);
    },
  );

  app.delete(
    '/products/:id',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        security,
        summary: 'Delete a product that was never sold (otherwise hide it)',
        params: idParamSchema,
        response: { 200: okReplySchema, 409: apiErrorSchema, ...replies },
      },
    },
    async (request) => {
      const before = await repo.findById(request.params.id);
      const outcome = await repo.remove(request.params.id);
      if (outcome === 'missing') throw productNotFound(request.params.id);
      if (outcome === 'sold') throw conflict(PRODUCT_HAS_ORDERS);
      app.catalog.invalidate();
      await recordAdminAction(app.db, request, productAudit('product.delete', before, null));
      return { success: true as const };
    },
  );

  app.get(
    '/products/:id/orders',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        security,
        summary: 'Whether a product was ever ordered',
        params: idParamSchema,
        response: {
          200: z.object({ hasOrders: z.boolean(), count: z.number().int() }),
          ...replies,
        },
      },
    },
    async (request) => {
      if (!(await repo.findById(request.params.id))) throw productNotFound(request.params.id);
      const total = await repo.orderCount(request.params.id);
      return { hasOrders: total > 0, count: total };
    },
  );
};

export default productsAdminRoutes;
