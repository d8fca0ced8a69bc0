import {
  kopecksToRoubles,
  paymentCreateSchema,
  roublesToKopecks,
  topUpBonusKopecks,
} from '@shop/shared';
import { z } from 'zod';
import { parseAmount } from '@/lib/parse-amount';

export { parseAmount };

/**
 * The top-up form: the shared payment rules (amount range, method, email — SPEC §5) with the raw text
 * of the amount field turned into a number first, plus the web-only "I checked my email" box.
 */
// The shared rule coerces any input; here it only ever receives the number parsed from the text.
const amountRule = paymentCreateSchema.shape.amount as z.ZodType<number, number>;

export const topUpSchema = z.object({
  amount: z.string().trim().min(1, 'Введите сумму').transform(parseAmount).pipe(amountRule),
  method: paymentCreateSchema.shape.method,
  email: paymentCreateSchema.shape.email,
  emailConfirmed: z.boolean().refine((value) => value, 'Подтвердите email'),
});

export type TopUpFormValues = z.input<typeof topUpSchema>;
export type TopUpFormOutput = z.output<typeof topUpSchema>;

export const topUpDefaults: TopUpFormValues = {
  amount: '',
  method: 'kassa',
  email: '',
  emailConfirmed: false,
};

/**
 * What the dialog previews under the amount: the site's 10% and the percent of an activated promo
 * code waiting for the next top-up (the shared rule the server credits), and the total. Nothing for
 * an amount the form would refuse (SPEC §2: no preview below the minimum; nor above the maximum, nor
 * for more than two decimals), so the preview never promises what cannot be paid.
 */
export function bonusPreview(
  amountText: string,
  promoPercent = 0,
): { bonus: number; promoBonus: number; total: number } | null {
  const amount = topUpSchema.shape.amount.safeParse(amountText);
  if (!amount.success) return null;
  const kopecks = roublesToKopecks(amount.data);
  const base = topUpBonusKopecks(kopecks);
  const all = topUpBonusKopecks(kopecks, promoPercent);
  return {
    bonus: kopecksToRoubles(base),
    promoBonus: kopecksToRoubles(all - base),
    total: kopecksToRoubles(kopecks + all),
  };
}
