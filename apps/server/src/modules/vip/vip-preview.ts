import { mergeVipSteps, type VipPlan } from '@shop/shared';
import type { Db } from '../../db/client';
import { purchasedTerm, type PurchasedVipLine } from './vip-grant';
import { createVipPeriodsRepository } from './vip-periods-repository';
import { insertTerm, planSteps, settleTerms } from './vip-timeline';

/**
 * A holder's VIP plan now and as a purchase would make it, by the very rules the purchase follows,
 * without writing anything. A player with no account yet (a gift's recipient) has no terms.
 */
export async function previewVip(
  db: Db,
  holderId: number | null,
  vip: PurchasedVipLine,
  now = Date.now(),
): Promise<VipPlan> {
  const stored = holderId === null ? [] : await createVipPeriodsRepository(db).live(holderId);
  const live = settleTerms(stored, now);
  const current = planSteps(live, now);
  const after = settleTerms(insertTerm(live, purchasedTerm(holderId ?? 0, vip)), now);
  return { current, after: planSteps(after, now) };
}

/**
 * Another player's plan as a gift's buyer may see it: the tiers in order, no dates. When a
 * player's VIP ends is theirs to know (a date tells when they bought, and when to come looking).
 */
export function undatedPlan(plan: VipPlan): VipPlan {
  const tiers = (steps: VipPlan['current']) =>
    mergeVipSteps(steps.map(({ tier }) => ({ tier }))).map(({ tier }) => ({ tier }));
  return { current: tiers(plan.current), after: tiers(plan.after) };
}
