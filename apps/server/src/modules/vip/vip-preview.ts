import type { VipPlan } from '@shop/shared';
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
