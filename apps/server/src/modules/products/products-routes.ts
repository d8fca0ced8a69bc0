import { apiErrorSchema, idParamSchema, productQuerySchema, productSchema } from '@shop/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, errorReplies, notFound } from '../../plugins/errors';

export const PRODUCT_NOT_FOUND = 'Товар не найден';

const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Active products, filtered by category, server (an "all" product matches any) and text',
        querystring: productQuerySchema,
        response: { 200: z.array(productSchema), ...errorReplies(400) },
      },
    },
    async (request, reply) => {
      const { popular, ...filters } = request.query;
      // A category the owner never listed is a wrong address, not an empty shelf.
      if (filters.category && (await app.site.categoryProblem(filters.category))) {
        throw badRequest('Категория не найдена');
      }
      const json = await app.catalog.queryJson({
        ...filters,
        popular: popular === undefined ? undefined : popular === 'true',
      });
      // Already serialised from products built by toProduct, which the schema above describes;
      // Fastify sends a string with a JSON content type as is, so it goes out through the reply's
      // untyped view, where a body is any payload rather than the schema's parsed type.
      const untyped: FastifyReply = reply;
      return untyped.type('application/json; charset=utf-8').send(json);
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One active product',
        params: idParamSchema,
        response: { 200: productSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const product = (await app.catalog.all()).find((item) => item.id === request.params.id);
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      return product;
    },
  );
};

export default productsRoutes;
