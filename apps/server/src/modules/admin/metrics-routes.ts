import { metricsSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHostMetrics } from './host-metrics';

const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const metrics = createHostMetrics();
  app.get(
    '/metrics',
    {
      config: { permission: 'servers' },
      schema: {
        tags: ['admin'],
        summary: 'CPU and RAM load of the shop host, in percent',
        security: [{ bearer: [] }],
        response: { 200: metricsSchema },
      },
    },
    async () => metrics.read(),
  );
};

export default metricsRoutes;
