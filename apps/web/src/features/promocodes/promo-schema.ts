import { z } from 'zod';

export const PROMO_PATTERN = /^[A-Z0-9-]{4,20}$/;

/** Profile tab: the full SPEC §5 rule. */
export const strictPromoSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Введите промокод')
    .regex(
      PROMO_PATTERN,
      'Промокод должен содержать только заглавные буквы, цифры и дефисы (4-20 символов)',
    ),
});

/** Promo codes page: only "not empty"; the server judges the rest. */
export const simplePromoSchema = z.object({
  code: z.string().trim().min(1, 'Введите промокод'),
});

export type PromoFormValues = z.input<typeof strictPromoSchema>;
