import {
  hasAtMostTwoDecimals,
  kopecksToRoubles,
  paymentCreateSchema,
  roublesToKopecks,
  topUpBonusKopecks,
} from '@shop/shared';
import { z } from 'zod';
import { parseAmount } from '@/lib/parse-amount';
import { notLessThan, notMoreThan, type TopUpTerms } from '@/lib/top-up-terms';

export { parseAmount };

/** The amount rule of the shop's own limits, each refusal stating them (SPEC §5's wording). */
function amountRule(terms: TopUpTerms) {
  return z
    .number({ error: 'Сумма должна быть числом' })
    .min(terms.min, `Сумма должна быть ${notLessThan(terms.min)}`)
    .max(terms.max, `Сумма не должна ${notMoreThan(terms.max)}`)
    .refine(hasAtMostTwoDecimals, 'Сумма: не больше двух знаков после запятой');
}

/**
 * The top-up form: the amount within the owner's limits (the raw text of the field turned into a
 * number first), the shared payment rules for the method and the email (SPEC §5), plus the web-only
 * "I checked my email" box.
 */
export function topUpSchemaFor(terms: TopUpTerms) {
  return z.object({
    amount: z
      .string()
      .trim()
      .min(1, 'Введите сумму')
      .transform(parseAmount)
      .pipe(amountRule(terms)),
    method: paymentCreateSchema.shape.method,
    email: paymentCreateSchema.shape.email,
    emailConfirmed: z.boolean().refine((value) => value, 'Подтвердите email'),
  });
}

type TopUpSchema = ReturnType<typeof topUpSchemaFor>;
export type TopUpFormValues = z.input<TopUpSchema>;
export type TopUpFormOutput = z.output<TopUpSchema>;

export const topUpDefaults: TopUpFormValues = {
  amount: '',
  method: 'kassa',
  email: '',
  emailConfirmed: false,
};

export interface BonusPreview {
  /** The shop's base bonus, in roubles. */
  bonus: number;
  /** What an activated percentage code adds, in roubles. */
  promoBonus: number;
  /** The amount with both bonuses. */
  total: number;
}

/**
 * What the dialog previews under the amount: the shop's base bonus and the percent of an activated
 * promo code waiting for the next top-up (the shared rule the server credits), and the total.
 * Nothing for an amount the form would refuse (SPEC §2: no preview below the minimum; nor above
 * the maximum, nor for more than two decimals), so the preview never promises what cannot be paid.
 */
export function bonusPreview(
  amountText: string,
  terms: TopUpTerms,
  promoPercent = 0,
): BonusPreview | null {
  const amount = z
    .string()
    .trim()
    .transform(parseAmount)
    .pipe(amountRule(terms))
    .safeParse(amountText);
  if (!amount.success) return null;
  const kopecks = roublesToKopecks(amount.data);
  const base = topUpBonusKopecks(kopecks, 0, terms.bonusPercent);
  const all = topUpBonusKopecks(kopecks, promoPercent, terms.bonusPercent);
  return {
    bonus: kopecksToRoubles(base),
    promoBonus: kopecksToRoubles(all - base),
    total: kopecksToRoubles(kopecks + all),
  };
}
