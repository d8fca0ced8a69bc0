import { z } from 'zod';

/** The payment providers a shop can take money through. */
export const paymentProviderIds = ['freekassa', 'yookassa', 'cryptopay'] as const;
export type PaymentProviderId = (typeof paymentProviderIds)[number];

/** What a provider charges for a method (informational, from its public tariff). */
export const methodFeeSchema = z.object({
  /** Percent of the amount, e.g. 3.5. */
  percent: z.number(),
  /** A fixed part per payment, in roubles. */
  fixed: z.number(),
});

/**
 * One way to pay as the top-up dialog offers it: `provider` goes in `method` of
 * POST /api/payments/create and `id` in `paymentSystemId`. `min` and `max` are whole roubles: the
 * shop's limits narrowed by the provider's own for this method.
 */
export const dialogMethodSchema = z.object({
  id: z.string(),
  provider: z.enum(paymentProviderIds),
  providerName: z.string(),
  name: z.string(),
  min: z.number(),
  max: z.number(),
  fee: methodFeeSchema,
});
export type DialogMethod = z.infer<typeof dialogMethodSchema>;

/** GET /api/payments/methods: what the top-up dialog shows the signed-in player. */
export const paymentMethodsReplySchema = z.object({
  methods: z.array(dialogMethodSchema),
  /** Providers hidden while their API fails, each with the note the dialog shows. */
  unavailable: z.array(
    z.object({ provider: z.enum(paymentProviderIds), name: z.string(), note: z.string() }),
  ),
  /** No top-up of this player has been credited yet: the first-top-up bonus applies. */
  firstTopUp: z.boolean(),
});
export type PaymentMethodsReply = z.infer<typeof paymentMethodsReplySchema>;

export const providerHealthSchema = z.object({
  lastSuccessAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Its last call failed and none has succeeded since: the dialog hides its methods. */
  failing: z.boolean(),
});
export type ProviderHealthView = z.infer<typeof providerHealthSchema>;

/** GET /api/admin/payment-methods: every method of the configured providers, in the owner's order. */
export const adminPaymentMethodsSchema = z.object({
  providers: z.array(
    z.object({ id: z.enum(paymentProviderIds), name: z.string(), health: providerHealthSchema }),
  ),
  methods: z.array(dialogMethodSchema.extend({ enabled: z.boolean() })),
  /** Whether the caller may change them: payment settings are the owner's. */
  canEdit: z.boolean(),
});
export type AdminPaymentMethods = z.infer<typeof adminPaymentMethodsSchema>;

/** PUT /api/admin/payment-methods: the whole list in the new order, each on or off. */
export const paymentMethodsUpdateSchema = z.object({
  methods: z
    .array(
      z.object({
        provider: z.enum(paymentProviderIds, { error: 'Неизвестная платёжная система' }),
        id: z.string().regex(/^[a-z0-9_]{1,32}$/, 'Неизвестный способ оплаты'),
        enabled: z.boolean({ error: 'Укажите, включён ли способ оплаты' }),
      }),
    )
    .min(1, 'Список способов оплаты пуст')
    .max(100, 'Слишком много способов оплаты'),
});
export type PaymentMethodsUpdate = z.infer<typeof paymentMethodsUpdateSchema>;

/**
 * GET /api/admin/payment-stats/methods: top-ups opened in the last `days` days by provider and
 * method: how many were opened and paid, the money paid and the bonus credited, and what was
 * reversed since (refunds, chargebacks).
 */
export const paymentMethodStatsSchema = z.object({
  days: z.number().int(),
  methods: z.array(
    z.object({
      provider: z.enum(paymentProviderIds),
      providerName: z.string(),
      method: z.string(),
      name: z.string(),
      opened: z.number().int(),
      paid: z.number().int(),
      paidAmount: z.number(),
      bonus: z.number(),
      reversed: z.number().int(),
      reversedAmount: z.number(),
    }),
  ),
});
export type PaymentMethodStats = z.infer<typeof paymentMethodStatsSchema>;
