import { PROMO_FORMAT_MESSAGE, PROMO_PATTERN, promoActivateSchema } from '@shop/shared';
import { z } from 'zod';

/** Profile tab: the full SPEC §5 rule, so a mistyped code is caught before it is sent. */
export const strictPromoSchema = z.object({
  code: z.string().trim().min(1, 'Введите промокод').regex(PROMO_PATTERN, PROMO_FORMAT_MESSAGE),
});

/** Promo codes page: only "not empty" — the very rule the server applies; it judges the rest. */
export const simplePromoSchema = promoActivateSchema;

export type PromoFormValues = z.input<typeof strictPromoSchema>;
