import { z } from 'zod';

/** Fiscal receipts through YooKassa (54-ФЗ), as the admin sees them per top-up. */
export const RECEIPT_KINDS = ['advance', 'settlement', 'refund', 'advance_refund'] as const;
export const RECEIPT_STATES = [
  'queued',
  'registering',
  'succeeded',
  'failed',
  'by_yookassa',
  'skipped',
] as const;

/** The admin's words for each kind and state. */
export const RECEIPT_KIND_TEXT: Record<(typeof RECEIPT_KINDS)[number], string> = {
  advance: 'Аванс (пополнение)',
  settlement: 'Зачёт аванса (покупка)',
  refund: 'Возврат (заказ)',
  advance_refund: 'Возврат аванса',
};
export const RECEIPT_STATE_TEXT: Record<(typeof RECEIPT_STATES)[number], string> = {
  queued: 'Ждёт отправки',
  registering: 'Регистрируется',
  succeeded: 'Зарегистрирован',
  failed: 'Не зарегистрирован',
  by_yookassa: 'Формирует ЮKassa',
  skipped: 'Не нужен',
};

export const adminReceiptSchema = z.object({
  id: z.number().int(),
  kind: z.enum(RECEIPT_KINDS),
  state: z.enum(RECEIPT_STATES),
  /** Roubles of paid money the receipt covers. */
  amount: z.number(),
  orderId: z.string().nullable(),
  lines: z.array(z.object({ description: z.string(), quantity: z.number(), amount: z.number() })),
  email: z.string(),
  providerReceiptId: z.string().nullable(),
  attempts: z.number().int(),
  /** Why it failed last, or why none is needed. */
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminReceipt = z.infer<typeof adminReceiptSchema>;

export const adminReceiptsReplySchema = z.object({
  /** The shop's receipt mode (YOOKASSA_RECEIPTS). */
  mode: z.enum(['none', '54fz', 'self-employed']),
  receipts: z.array(adminReceiptSchema),
});
export type AdminReceiptsReply = z.infer<typeof adminReceiptsReplySchema>;

/** What needs the owner's eye: receipts given up on, and how many are on their way. */
export const adminReceiptsSummarySchema = z.object({
  mode: z.enum(['none', '54fz', 'self-employed']),
  failed: z.number().int(),
  waiting: z.number().int(),
  /** The latest receipts given up on, newest first (at most 5). */
  latestFailed: z.array(
    z.object({
      paymentId: z.string(),
      username: z.string(),
      kind: z.enum(RECEIPT_KINDS),
      lastError: z.string().nullable(),
    }),
  ),
});
export type AdminReceiptsSummary = z.infer<typeof adminReceiptsSummarySchema>;
