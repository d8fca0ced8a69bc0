import {
  bonusRuleText,
  formatRoubles,
  kopecksToRoubles,
  roublesToKopecks,
  topUpBonus,
  type Kopecks,
  type SiteContent,
  type TopUpBonus,
} from '@shop/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema/index';
import { conflict } from '../../plugins/errors';
import { createPromocodesRepository } from '../promocodes/promocodes-repository';
import type { PaymentRow } from './payments-repository';

/**
 * A top-up's bonus as the shared rule (packages/shared top-up-bonus.ts) computes it from the owner's
 * settings and the player's state, fixed when the top-up is opened; and, when it is credited, the
 * parts that still apply and the ledger's words for them.
 */

/** Whether the player has no credited top-up besides `exceptPaymentId`. */
export async function isFirstTopUp(
  tx: Db,
  userId: number,
  exceptPaymentId?: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.status, 'paid'),
        exceptPaymentId ? ne(payments.id, exceptPaymentId) : undefined,
      ),
    )
    .limit(1);
  return row === undefined;
}

export interface OpenedBonus {
  bonus: TopUpBonus;
  promoActivationId: number | null;
}

/** The bonus the dialog previews for this player and amount, and the code it counts on. */
export async function bonusForPlayer(
  tx: Db,
  userId: number,
  amountKopecks: Kopecks,
  topUp: SiteContent['topUp'],
): Promise<OpenedBonus> {
  const waitingPromo = await createPromocodesRepository(tx).findWaitingPromo(userId);
  const firstTopUp = topUp.firstTopUpPercent > 0 && (await isFirstTopUp(tx, userId));
  const bonus = topUpBonus(amountKopecks, topUp, {
    firstTopUp,
    promoPercent: waitingPromo ? Number(waitingPromo.percent) : 0,
  });
  return { bonus, promoActivationId: bonus.promoKopecks > 0 ? waitingPromo!.activationId : null };
}

/** «20% (от 3 000 ₽) + 5% за первое пополнение», the terms a 409 states. */
function termsText(bonus: TopUpBonus): string {
  const parts = [
    bonus.tierFrom === null
      ? `${bonus.percent}%`
      : `${bonus.percent}% (от ${formatRoubles(bonus.tierFrom)})`,
  ];
  if (bonus.firstPercent > 0) parts.push(`${bonus.firstPercent}% за первое пополнение`);
  if (bonus.promoPercent > 0) parts.push(`промокод ${bonus.promoPercent}%`);
  return parts.join(' + ');
}

/**
 * The dialog's confirmed terms against the bonus in force: the percent it stated and the bonus in
 * roubles it previewed. Either differing is answered 409, so the player is credited what they were
 * shown or nothing.
 */
export function assertConfirmedBonus(
  input: { bonusPercent?: number; expectedBonus?: number },
  bonus: TopUpBonus,
): void {
  const percentDiffers = input.bonusPercent !== undefined && input.bonusPercent !== bonus.percent;
  const bonusDiffers =
    input.expectedBonus !== undefined &&
    roublesToKopecks(input.expectedBonus) !== bonus.totalKopecks;
  if (!percentDiffers && !bonusDiffers) return;
  throw conflict(
    `Бонус к пополнению изменился: теперь ${termsText(bonus)}, это ${formatRoubles(kopecksToRoubles(bonus.totalKopecks))}. Проверьте сумму и подтвердите пополнение ещё раз.`,
  );
}

/** The payment's columns that fix its bonus. */
export function bonusColumns(opened: OpenedBonus) {
  const { bonus } = opened;
  return {
    bonusKopecks: bonus.percentKopecks,
    bonusPercent: bonus.percent,
    bonusTierFrom: bonus.tierFrom,
    firstBonusKopecks: bonus.firstKopecks,
    firstBonusPercent: bonus.firstPercent,
    promoBonusKopecks: bonus.promoKopecks,
    promoPercent: bonus.promoKopecks > 0 ? bonus.promoPercent : null,
    promoActivationId: opened.promoActivationId,
  };
}

/**
 * Whether the first-top-up part still applies when `paid` is credited: only if no other top-up of
 * the player was credited first. The player's row is locked for the rest of the transaction, so of
 * two top-ups credited at once only one finds itself first.
 */
export async function firstBonusApplies(tx: Db, paid: PaymentRow): Promise<boolean> {
  if (paid.firstBonusKopecks <= 0) return false;
  await tx.execute(sql`select 1 from users where id = ${paid.userId} for update`);
  return isFirstTopUp(tx, paid.userId, paid.id);
}

/** The ledger's comment for the parts credited (the rule that applied). */
export function creditedBonusText(
  paid: PaymentRow,
  applies: { first: boolean; promo: boolean },
): string {
  if (applies.promo && paid.promoPercent === null) {
    // A top-up opened before the rule was stored part by part.
    const base = paid.bonusPercent ?? 10;
    return base > 0
      ? `Бонус к пополнению (${base}% + промокод)`
      : 'Бонус к пополнению по промокоду';
  }
  return bonusRuleText({
    percent: paid.bonusKopecks > 0 ? (paid.bonusPercent ?? 10) : 0,
    tierFrom: paid.bonusKopecks > 0 ? paid.bonusTierFrom : null,
    firstPercent: applies.first ? paid.firstBonusPercent : 0,
    promoPercent: applies.promo ? (paid.promoPercent ?? 0) : 0,
  });
}
