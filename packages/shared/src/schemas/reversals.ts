import { z } from 'zod';

/** Reversals of credited top-ups: the admin's form and list, and the debt a player is shown. */
export const REVERSAL_REASON_MAX = 300;
export const ADMIN_PAYMENTS_PAGE_SIZE = 20;

const REASON_REQUIRED = 'Укажите причину отмены пополнения (не короче 3 символов)';
/** A one-line reason: line breaks and other control characters are refused. */
const NO_CONTROL = /^[^\p{Cc}]*$/u;

export const paymentReversalInputSchema = z.object({
  reason: z
    .string({ error: REASON_REQUIRED })
    .regex(NO_CONTROL, 'Причина не должна содержать переводы строк и управляющие символы')
    .trim()
    .min(3, REASON_REQUIRED)
    .max(REVERSAL_REASON_MAX, `Причина: не больше ${REVERSAL_REASON_MAX} символов`),
});
export type PaymentReversalInput = z.input<typeof paymentReversalInputSchema>;

export const paymentReversalReplySchema = z.object({
  success: z.literal(true),
  /** False when the top-up had been reversed already: nothing changed. */
  reversed: z.boolean(),
  message: z.string(),
  /** The player's balance after it, in roubles (negative while a debt remains); null if unchanged. */
  balance: z.number().nullable(),
});
export type PaymentReversalReply = z.infer<typeof paymentReversalReplySchema>;

export const adminPaymentSchema = z.object({
  id: z.string(),
  userId: z.number().int(),
  username: z.string(),
  steamId: z.string(),
  amount: z.number(),
  bonus: z.number(),
  /** Which provider took it (`freekassa`, `yookassa`, `cryptopay`); `method` is its method id. */
  provider: z.string(),
  method: z.string(),
  status: z.enum(['pending', 'paid', 'cancelled', 'failed']),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  reversal: z
    .object({
      amount: z.number(),
      source: z.enum(['provider', 'admin']),
      reason: z.string(),
      createdAt: z.string(),
    })
    .nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  /** A player's name (part of it), Steam ID, or the start of a payment id. */
  q: z
    .string()
    .regex(NO_CONTROL, 'Поиск не должен содержать управляющие символы')
    .trim()
    .max(64)
    .optional(),
});

export const adminPaymentsPageSchema = z.object({
  payments: z.array(adminPaymentSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminPaymentsPage = z.infer<typeof adminPaymentsPageSchema>;

/** What a reversed top-up left the player owing; owed 0 and no message when nothing. */
export const debtSchema = z.object({
  owed: z.number(),
  message: z.string().nullable(),
});
export type Debt = z.infer<typeof debtSchema>;

export { HELD_REASON } from '../purchase-texts';

/**
 * An order a reversed top-up holds (issue 36): its undelivered goods are handed out to nobody until
 * an admin cancels it (the undelivered part credited back, which pays the debt down) or releases it.
 */
export const heldOrderSchema = z.object({
  orderId: z.string(),
  createdAt: z.string(),
  heldAt: z.string(),
  /** The reversed top-up that held it. */
  paymentId: z.string().nullable(),
  buyer: z.object({
    id: z.number().int(),
    username: z.string(),
    steamId: z.string(),
    /** Roubles, negative while the reversal's debt remains. */
    balance: z.number(),
  }),
  /** A gift's recipient, who would receive the goods. */
  recipient: z.object({ steamId: z.string(), name: z.string() }).nullable(),
  serverName: z.string().nullable(),
  total: z.number(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  /** Deliveries the hold keeps. */
  jobs: z.number().int(),
});
export type HeldOrder = z.infer<typeof heldOrderSchema>;

export const holdDecisionReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The buyer's balance after a cancellation (roubles); null after a release. */
  balance: z.number().nullable(),
});
export type HoldDecisionReply = z.infer<typeof holdDecisionReplySchema>;

/** A top-up the provider refunded in part: the balance is unchanged until an admin deals with it. */
export const partialRefundSchema = z.object({
  paymentId: z.string(),
  userId: z.number().int(),
  username: z.string(),
  steamId: z.string(),
  provider: z.string(),
  /** What the top-up brought in, roubles (its bonus not counted). */
  amount: z.number(),
  /** What went back to the payer so far, roubles. */
  refunded: z.number(),
  /** When the shop first saw it, and when the refunded sum last changed. */
  seenAt: z.string(),
  updatedAt: z.string(),
});
export type PartialRefund = z.infer<typeof partialRefundSchema>;

export const partialRefundsReplySchema = z.object({ refunds: z.array(partialRefundSchema) });
