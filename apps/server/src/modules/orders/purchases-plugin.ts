import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOrdersRepository } from './orders-repository';
import { createPurchaseService, type PurchaseService } from './purchase-service';

declare module 'fastify' {
  interface FastifyInstance {
    purchases: PurchaseService;
  }
}

async function purchasesPlugin(app: FastifyInstance) {
  app.decorate('purchases', createPurchaseService(app));
  // Orders depend on the delivery queue, not the other way round: delivery announces finished
  // jobs, and the orders they belong to are settled here once their last job is done.
  const orders = createOrdersRepository(app.db);
  app.delivery.onJobsDone((jobs) => orders.settleOrdersOf(jobs));
}

export default fp(purchasesPlugin, {
  name: 'purchases',
  dependencies: ['delivery', 'realtime', 'gifts'],
});
