import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ReceiptSettings } from '../../config-receipts';
import type { ProviderRegistry } from '../../integrations/payments/payment-provider';
import type { YookassaProvider } from '../../integrations/yookassa/yookassa-provider';
import { advanceReceipt } from './receipt-lines';
import { createReceiptsWorker, type ReceiptsApi, type ReceiptsWorker } from './receipts-worker';

declare module 'fastify' {
  interface FastifyInstance {
    receipts: {
      settings: ReceiptSettings;
      /** Records what the ledger calls for and sends what is due (the leader runs it). */
      worker: ReceiptsWorker;
      /** YooKassa's client, when YooKassa is configured. */
      api(): ReceiptsApi | null;
    };
  }
}

export interface ReceiptsOptions {
  settings: ReceiptSettings;
  /** How often the leader scans and sends; false: only when called (tests). */
  intervalMs: number | false;
}

/** YooKassa's provider, when the shop has YooKassa configured. */
function yookassaOf(app: FastifyInstance): YookassaProvider | null {
  const registry = (app as FastifyInstance & { paymentProviders?: ProviderRegistry })
    .paymentProviders;
  return (registry?.get('yookassa') as YookassaProvider | undefined) ?? null;
}

/**
 * Fiscal receipts through YooKassa (docs/decisions/0035): a YooKassa top-up carries its advance
 * receipt (the builder this plugin gives the provider), and the leader's worker records and sends
 * the receipts the ledger calls for afterwards, retrying failures with backoff.
 */
async function receiptsPlugin(app: FastifyInstance, options: ReceiptsOptions) {
  const { settings } = options;
  const api = () => yookassaOf(app)?.client ?? null;
  const worker = createReceiptsWorker(app.db, settings, api, app.log);
  app.decorate('receipts', { settings, worker, api });
  app.addHook('onReady', async () => {
    const yookassa = yookassaOf(app);
    yookassa?.setReceiptBuilder(
      settings.mode === 'none'
        ? null
        : (input) => advanceReceipt(settings, input.amountKopecks, input.email),
    );
    app.log.info(
      `Receipts: ${settings.mode}${settings.mode !== 'none' && !yookassa ? ' (YooKassa is not configured: none are sent)' : ''}`,
    );
  });
  if (options.intervalMs !== false && settings.mode !== 'none') {
    app.leadership.every('fiscal receipts', options.intervalMs, () => worker.run());
  }
}

export default fp(receiptsPlugin, {
  name: 'receipts',
  dependencies: ['database', 'leadership'],
});
