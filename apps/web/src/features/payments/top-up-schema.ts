import {
  hasAtMostTwoDecimals,
  kopecksToRoubles,
  paymentCreateSchema,
  roublesToKopecks,
  topUpBonus,
  type TopUpBonusRule,
} from '@shop/shared';
import { z } from 'zod';
import { parseAmount } from '@/lib/parse-amount';
import { notLessThan, notMoreThan, type TopUpTerms } from '@/lib/top-up-terms';

export { parseAmount };

/** The amounts one top-up may have: the shop's limits, narrowed by the chosen method's own. */
export type AmountLimits = Pick<TopUpTerms, 'min' | 'max'>;

/** The amount rule of the shop's own limits, each refusal stating them (SPEC §5's wording). */
function amountRule(terms: AmountLimits) {
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
export function topUpSchemaFor(terms: AmountLimits) {
  return z.object({
    amount: z
      .string()
      .trim()
      .min(1, 'Введите сумму')
      .transform(parseAmount)
      .pipe(amountRule(terms)),
    /** `provider:id` of one of the methods GET /api/payments/methods lists. */
    method: z.string({ error: 'Выберите способ оплаты' }).min(1, 'Выберите способ оплаты'),
    email: paymentCreateSchema.shape.email,
    emailConfirmed: z.boolean().refine((value) => value, 'Подтвердите email'),
  });
}

type TopUpSchema = ReturnType<typeof topUpSchemaFor>;
export type TopUpFormValues = z.input<TopUpSchema>;
export type TopUpFormOutput = z.output<TopUpSchema>;

export const topUpDefaults: TopUpFormValues = {
  amount: '',
  method: '',
  email: '',
  emailConfirmed: false,
};

/** What the player brings to the bonus rule: a waiting promo code, and whether it is their first. */
export interface PlayerBonusState {
  promoPercent: number;
  firstTopUp: boolean;
}

export interface BonusPreview extends TopUpBonusRule {
  /** The tier's or base percent's part, in roubles. */
  bonus: number;
  /** The first top-up's part, in roubles. */
  firstBonus: number;
  /** What an activated percentage code adds, in roubles. */
  promoBonus: number;
  /** The whole bonus, in roubles: what the dialog confirms to the server (`expectedBonus`). */
  totalBonus: number;
  /** The amount with every bonus. */
  total: number;
}

/**
 * What the dialog previews under the amount: the shared rule the server credits (top-up-bonus.ts:
 * the tier reached or the base percent, plus the first top-up's and a waiting code's percents),
 * and the total. Nothing for an amount the form would refuse (SPEC §2: no preview below the
 * minimum; nor above the maximum, nor for more than two decimals), so the preview never promises
 * what cannot be paid.
 */
export function bonusPreview(
  amountText: string,
  terms: TopUpTerms,
  player: PlayerBonusState = { promoPercent: 0, firstTopUp: false },
  limits: AmountLimits = terms,
): BonusPreview | null {
  const amount = z
    .string()
    .trim()
    .transform(parseAmount)
    .pipe(amountRule(limits))
    .safeParse(amountText);
  if (!amount.success) return null;
  const kopecks = roublesToKopecks(amount.data);
  const bonus = topUpBonus(kopecks, terms, player);
  return {
    percent: bonus.percent,
    tierFrom: bonus.tierFrom,
    firstPercent: bonus.firstPercent,
    promoPercent: bonus.promoPercent,
    bonus: kopecksToRoubles(bonus.percentKopecks),
    firstBonus: kopecksToRoubles(bonus.firstKopecks),
    promoBonus: kopecksToRoubles(bonus.promoKopecks),
    totalBonus: kopecksToRoubles(bonus.totalKopecks),
    total: kopecksToRoubles(kopecks + bonus.totalKopecks),
  };
}
