import { apiErrorSchema, idParamSchema, productQuerySchema, productSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../plugins/errors';

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
        response: { 200: z.array(productSchema) },
      },
    },
    async (request) => {
      const { popular, ...filters } = request.query;
      return app.catalog.query({
        ...filters,
        popular: popular === undefined ? undefined : popular === 'true',
      });
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
