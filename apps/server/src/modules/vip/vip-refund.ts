import type { Db } from '../../db/client';
import { createUsersRepository } from '../users/users-repository';
import { changeVip } from './vip-change';
import { createVipPeriodsRepository } from './vip-periods-repository';
import { endTerm } from './vip-timeline';

/**
 * Ends the live terms an order bought that `which` picks, for every holder (a gift's recipient),
 * each through changeVip: a running one's revoke commands run and the next term starts; a waiting
 * one just leaves the plan, and every term after it moves up. Returns the order lines ended.
 */
async function endOrderTerms(
  tx: Db,
  orderId: string,
  reason: string,
  which: (term: { orderItemId: number | null; firstStartedAt: Date | null }) => boolean,
): Promise<number[]> {
  const lines: number[] = [];
  const holders = createUsersRepository(tx);
  for (const userId of await createVipPeriodsRepository(tx).holdersOf({ orderId })) {
    const holder = await holders.findById(userId);
    if (!holder) continue;
    await changeVip(tx, holder, (live, now) => {
      for (const term of live) {
        if (term.orderId !== orderId || !which(term)) continue;
        endTerm(term, now, reason);
        if (term.orderItemId !== null) lines.push(term.orderItemId);
      }
      return live;
    });
  }
  return lines;
}

/**
 * A refund takes back exactly what each of the order's VIP lines added: a term that never ran
 * (waiting its turn, its grant never queued), and a term whose grant job the refund just cancelled
 * (`cancelledLines`: it never ran in the game), whether it waits or runs. A term whose grant ran
 * stays, as any delivered item does. Returns the order lines taken back that had no job to cancel,
 * for the refund to pay back in full.
 */
export async function takeBackOrderVip(
  tx: Db,
  orderId: string,
  cancelledLines: readonly number[],
): Promise<number[]> {
  const taken = await endOrderTerms(
    tx,
    orderId,
    'refunded',
    (term) =>
      term.firstStartedAt === null ||
      (term.orderItemId !== null && cancelledLines.includes(term.orderItemId)),
  );
  return taken.filter((line) => !cancelledLines.includes(line));
}

/**
 * Revokes whatever VIP an order granted, wherever its terms stand (running: revoked now and the
 * next term starts; waiting: dropped), for a payment taken back. Money is the caller's business,
 * and so are the grant jobs of the lines it returns (the order lines whose terms ended).
 */
export function revokeOrderVip(tx: Db, orderId: string): Promise<number[]> {
  return endOrderTerms(tx, orderId, 'revoked', () => true);
}

/** The order's lines whose VIP revokeOrderVip ended: their grants must never run. */
export function revokedVipLines(db: Db, orderId: string): Promise<number[]> {
  return createVipPeriodsRepository(db).revokedLinesOf(orderId);
}
