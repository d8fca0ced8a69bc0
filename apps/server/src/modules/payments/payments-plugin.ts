import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import {
  createProviderRegistry,
  type ShopProviders,
} from '../../integrations/payments/provider-registry';
import { createPaymentsService, type PaymentsService } from './payments-service';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
    /** The configured payment providers (integrations/payments/payment-provider.ts). */
    paymentProviders: ShopProviders;
  }
}

export interface PaymentsOptions {
  config: Config;
  /** How often pending payments and refunds are checked with the providers; false: only when called. */
  reconcileIntervalMs: number | false;
}

async function paymentsPlugin(app: FastifyInstance, options: PaymentsOptions) {
  const { config } = options;
  const providers = createProviderRegistry(config);
  const service = createPaymentsService(app, providers, {
    publicUrl: config.publicUrl,
    demo: config.demo,
  });
  app.decorate('paymentProviders', providers);
  app.decorate('payments', service);
  if (options.reconcileIntervalMs !== false) {
    // At start and every interval, on the leader only (one instance asks the providers).
    app.leadership.every('payment reconciliation', options.reconcileIntervalMs, () =>
      service.reconcile(),
    );
  }
}

export default fp(paymentsPlugin, {
  name: 'payments',
  dependencies: ['database', 'realtime', 'leadership'],
});
