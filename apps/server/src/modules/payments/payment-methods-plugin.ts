import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ProviderRegistry } from '../../integrations/payments/payment-provider';
import { createPaymentMethods, type PaymentMethods } from './payment-methods';

declare module 'fastify' {
  interface FastifyInstance {
    paymentMethods: PaymentMethods;
  }
}

const NO_PROVIDERS: ProviderRegistry = { all: () => [], get: () => undefined };

/**
 * The owner's choice of payment methods over the configured providers (`app.paymentProviders`,
 * decorated by the payments plugin), and a probe each minute of the providers whose API failed:
 * every instance keeps its own providers' health, so each probes its own.
 */
async function paymentMethodsPlugin(
  app: FastifyInstance,
  options: { probeIntervalMs: number | false },
) {
  const registry = () =>
    (app as FastifyInstance & { paymentProviders?: ProviderRegistry }).paymentProviders ??
    NO_PROVIDERS;
  const methods = createPaymentMethods(app, registry);
  app.decorate('paymentMethods', methods);
  if (options.probeIntervalMs !== false) {
    const timer = setInterval(() => void methods.probeFailing(), options.probeIntervalMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}

export default fp(paymentMethodsPlugin, {
  name: 'payment-methods',
  dependencies: ['database', 'site', 'payments'],
});
