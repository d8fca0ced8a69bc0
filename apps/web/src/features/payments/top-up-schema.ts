import {
  kopecksToRoubles,
  paymentCreateSchema,
  roublesToKopecks,
  TOP_UP_MIN,
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
 * What the dialog previews under the amount: the site's 10% (the shared rule the server credits), and
 * the total. Nothing below the minimum (SPEC §2). An activated percentage promo code is added by the
 * server on top; the web does not know about it, so the preview never promises it.
 */
export function bonusPreview(amount: number): { bonus: number; total: number } | null {
  if (!Number.isFinite(amount) || amount < TOP_UP_MIN) return null;
  const kopecks = roublesToKopecks(amount);
  const bonus = topUpBonusKopecks(kopecks);
  return { bonus: kopecksToRoubles(bonus), total: kopecksToRoubles(kopecks + bonus) };
}
