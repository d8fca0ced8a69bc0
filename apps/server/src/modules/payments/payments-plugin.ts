import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createFreekassaClient } from '../../integrations/freekassa/freekassa-client';
import { createPaymentsService, type PaymentsService } from './payments-service';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
  }
}

export interface PaymentsOptions {
  config: Config;
  /** How often pending payments are checked with the provider; false: only when called. */
  reconcileIntervalMs: number | false;
}

async function paymentsPlugin(app: FastifyInstance, options: PaymentsOptions) {
  const client = createFreekassaClient(options.config.freekassa);
  const service = createPaymentsService(app, client);
  app.decorate('payments', service);
  if (options.reconcileIntervalMs !== false) {
    app.leadership.every('payment reconciliation', options.reconcileIntervalMs, () =>
      service.reconcile(),
    );
  }
}

export default fp(paymentsPlugin, {
  name: 'payments',
  dependencies: ['database', 'realtime', 'leadership'],
});
