import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPurchaseService, type PurchaseService } from './purchase-service';

declare module 'fastify' {
  interface FastifyInstance {
    purchases: PurchaseService;
  }
}

async function purchasesPlugin(app: FastifyInstance) {
  app.decorate('purchases', createPurchaseService(app));
}

export default fp(purchasesPlugin, {
  name: 'purchases',
  dependencies: ['delivery', 'realtime', 'gifts'],
});
