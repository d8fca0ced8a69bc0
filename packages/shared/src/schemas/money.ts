import { z } from 'zod';
import { PROMO_PATTERN, PROMO_FORMAT_MESSAGE } from '../constants';
import { hasAtMostTwoDecimals } from '../money';

/** The widest top-up an owner may allow; the shop's own limits (settings) lie within it. */
export const TOP_UP_CEILING = 1_000_000;

export const paymentCreateSchema = z.object({
  amount: z.coerce
    .number({ error: 'Сумма должна быть числом' })
    .min(1, 'Сумма должна быть не менее 1 рубля')
    .max(TOP_UP_CEILING, 'Сумма не должна превышать 1000000 рублей')
    .refine(hasAtMostTwoDecimals, 'Сумма: не больше двух знаков после запятой'),
  /**
   * The base bonus percent the player's dialog promised: a shop whose bonus changed since answers
   * 409 instead of crediting other money than was shown. The shop's own limits are checked too.
   */
  bonusPercent: z.number().int().min(0).max(100).optional(),
  /**
   * The whole bonus in roubles the dialog previewed for this amount (top-up-bonus.ts: tier, first
   * top-up, promo code): terms that differ by the time the top-up opens are answered 409 too.
   */
  expectedBonus: z
    .number()
    .min(0)
    .max(TOP_UP_CEILING * 3)
    .refine(hasAtMostTwoDecimals)
    .optional(),
  /**
   * The provider: `freekassa`, `yookassa` or `cryptopay`; `kassa` (FreeKassa's card page) and `sbp`
   * (FreeKassa's SBP) are the values of the dialog before there were several providers.
   */
  method: z.enum(['freekassa', 'yookassa', 'cryptopay', 'kassa', 'sbp'], {
    error: 'Выберите способ оплаты',
  }),
  /** The provider's method id (GET /api/payments/methods); 44 is FreeKassa's SBP, as before. */
  paymentSystemId: z
    .union([z.number().int(), z.string().regex(/^[a-z0-9_]{1,32}$/)], {
      error: 'Выберите способ оплаты',
    })
    .optional(),
  provider: z.enum(['freekassa', 'yookassa', 'cryptopay']).optional(),
  email: z
    .string({ error: 'Введите email' })
    .trim()
    .min(1, 'Введите email')
    .max(254, 'Неверный формат email')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Неверный формат email'),
});

export const paymentCreateReplySchema = z.object({
  success: z.boolean(),
  url: z.string(),
  message: z.string(),
  orderId: z.string(),
});

export const paymentStatusSchema = z.object({
  paid: z.boolean(),
  status: z.enum(['pending', 'paid', 'cancelled', 'failed']),
  amount: z.number(),
  bonus: z.number(),
});

/** TRANSACTION of the specification: signed roubles, Russian description and method. */
export const transactionSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  date: z.string(),
  method: z.string(),
  amount: z.number(),
  status: z.enum(['completed', 'pending']),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const promoActivateSchema = z.object({
  code: z
    .string({ error: 'Введите промокод' })
    .trim()
    .min(1, 'Введите промокод')
    .max(40, 'Промокод недействителен')
    .transform((code) => code.toUpperCase()),
});

export const promoActivateReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  bonus: z.number(),
});

/**
 * The player's activated percentage code that no top-up has used yet: the next paid top-up's bonus
 * grows by its percent. Null when there is none.
 */
export const waitingPromoSchema = z.object({
  promo: z.object({ code: z.string(), percent: z.number() }).nullable(),
});
export type WaitingPromo = z.infer<typeof waitingPromoSchema>;

export const promocodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  discount: z.number(),
  type: z.enum(['percentage', 'fixed']),
  usageLimit: z.number().int(),
  maxUses: z.number().int(),
  usageCount: z.number().int(),
  expiresAt: z.string().nullable(),
  isActive: z.boolean(),
  description: z.string(),
  category: z.string(),
});
export type Promocode = z.infer<typeof promocodeSchema>;

const PROMO_REQUIRED =
  'Поля code, discount и usageLimit обязательны, и usageLimit должен быть числом больше 0';

export const promocodeInputSchema = z
  .object({
    code: z
      .string({ error: PROMO_REQUIRED })
      .trim()
      .min(1, 'Код промокода обязателен')
      .transform((code) => code.toUpperCase())
      .pipe(z.string().regex(PROMO_PATTERN, PROMO_FORMAT_MESSAGE)),
    discount: z.coerce
      .number({ error: PROMO_REQUIRED })
      .positive('Размер скидки должен быть числом больше 0'),
    type: z.enum(['percentage', 'fixed']).optional().default('percentage'),
    usageLimit: z.coerce
      .number({ error: PROMO_REQUIRED })
      .int('Максимум использований должен быть числом больше 0')
      .min(1, 'Максимум использований должен быть числом больше 0')
      .max(1_000_000),
    expiresAt: z
      .union([z.iso.datetime({ offset: true }), z.iso.date(), z.literal(''), z.null()])
      .optional()
      .transform((value) => (value ? new Date(value) : null)),
    description: z.string().trim().max(300).optional().default(''),
    category: z.string().trim().max(60).optional().default(''),
  })
  .refine((promo) => promo.type !== 'percentage' || promo.discount <= 100, {
    message: 'Процент бонуса не может быть больше 100',
    path: ['discount'],
  })
  .refine((promo) => promo.type !== 'fixed' || promo.discount <= 15000, {
    message: 'Сумма бонуса не может быть больше 15000 ₽',
    path: ['discount'],
  });
