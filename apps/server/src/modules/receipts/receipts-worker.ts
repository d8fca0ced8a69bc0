import type { FastifyBaseLogger } from 'fastify';
import type { ReceiptSettings } from '../../config-receipts';
import type { Db } from '../../db/client';
import { YookassaError, type YookassaClient } from '../../integrations/yookassa/yookassa-client';
import type { YkReceipt } from '../../integrations/yookassa/yookassa-types';
import { receiptRequest } from './receipt-lines';
import { createReceiptsRepository, type DueReceipt } from './receipts-repository';
import { scanLedger } from './receipts-scan';

/** The YooKassa calls receipts need (the client the payments module made). */
export type ReceiptsApi = Pick<YookassaClient, 'createReceipt' | 'getPayment' | 'listReceipts'>;

export interface ReceiptsWorkerOptions {
  /** Attempts before a receipt is given up as `failed` (about three days with the backoff). */
  maxAttempts?: number;
  /** Receipts handled per pass. */
  batchSize?: number;
  /** The clock the backoff counts from (tests move it on). */
  now?: () => Date;
}

/** Why a receipt failed, for the admin: YooKassa's own words when it gave them, never a secret. */
function describe(error: unknown): string {
  if (error instanceof YookassaError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Records the receipts the ledger calls for (receipts-scan.ts), then sends or checks those due:
 * an advance is checked on its payment (`receipt_registration`), a settlement or a refund receipt
 * is sent with `POST /receipts` under its row's Idempotence-Key and checked until registered. A
 * failure is tried again with backoff. Leader-only: one pass at a time.
 */
export function createReceiptsWorker(
  db: Db,
  settings: ReceiptSettings,
  api: () => ReceiptsApi | null,
  log: FastifyBaseLogger,
  options: ReceiptsWorkerOptions = {},
) {
  const repo = createReceiptsRepository(db);
  const maxAttempts = options.maxAttempts ?? 15;
  const now = options.now ?? (() => new Date());

  async function settle(receipt: DueReceipt, reply: YkReceipt | undefined) {
    if (!reply) return repo.registering(receipt, receipt.providerReceiptId, now());
    if (reply.status === 'succeeded') return repo.succeeded(receipt.id, reply.id);
    if (reply.status === 'pending') return repo.registering(receipt, reply.id, now());
    // Canceled: the fiscal side could not register it. Sent again, as a new request.
    return repo.retry(receipt, 'ЮKassa не зарегистрировала чек', {
      renewKey: true,
      maxAttempts,
      now: now(),
    });
  }

  async function handle(client: ReceiptsApi, receipt: DueReceipt) {
    if (!receipt.providerPaymentId) {
      return repo.failed(receipt.id, 'Платёж не дошёл до ЮKassa');
    }
    if (receipt.kind === 'advance') {
      const payment = await client.getPayment(receipt.providerPaymentId);
      switch (payment.receipt_registration) {
        case 'succeeded':
          return repo.succeeded(receipt.id, null);
        case 'pending':
          return repo.registering(receipt, null, now());
        case 'canceled':
          // A receipt carried by a payment cannot be sent again on its own: the owner sees why.
          return repo.failed(receipt.id, 'ЮKassa не зарегистрировала чек платежа');
        default:
          return repo.skipped(receipt.id, 'Платёж создан без чека');
      }
    }
    if (receipt.state === 'registering' && receipt.providerReceiptId) {
      const list = await client.listReceipts({ paymentId: receipt.providerPaymentId });
      return settle(
        receipt,
        list.items.find((item) => item.id === receipt.providerReceiptId),
      );
    }
    const reply = await client.createReceipt(
      receiptRequest(settings, {
        kind: receipt.kind,
        providerPaymentId: receipt.providerPaymentId,
        email: receipt.email,
        lines: receipt.lines,
      }),
      receipt.requestKey,
    );
    return settle(receipt, reply);
  }

  /** Sends or checks the receipts due; returns how many it handled. */
  async function sendDue(): Promise<number> {
    const client = api();
    if (!client || settings.mode === 'none') return 0;
    const due = await repo.due(options.batchSize ?? 20, now());
    for (const receipt of due) {
      try {
        await handle(client, receipt);
      } catch (error) {
        const refused = error instanceof YookassaError && error.reason === 'api_error';
        log.warn({ receiptId: receipt.id, reason: describe(error) }, 'receipt not registered');
        await repo.retry(receipt, describe(error), { renewKey: refused, maxAttempts, now: now() });
      }
    }
    return due.length;
  }

  /** One pass: what the ledger calls for, then what is due. */
  async function run(): Promise<void> {
    if (settings.mode === 'none') return;
    await scanLedger(db, settings, now);
    await sendDue();
  }

  return { run, scan: () => scanLedger(db, settings, now), sendDue };
}

export type ReceiptsWorker = ReturnType<typeof createReceiptsWorker>;
