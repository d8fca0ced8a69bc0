import type { Db } from '../../db/client';
import { changeVip, type VipHolder } from './vip-change';
import { createVipPeriodsRepository } from './vip-periods-repository';
import { endTerm } from './vip-timeline';

/**
 * A VIP bought until the wipe ends at the wipe of the server it was bought for: the term of that
 * order line leaves the holder's plan, in the caller's transaction under the holder's row lock.
 * Running, its revoke commands are queued and the next term starts (a regular purchase of the
 * same tier and server simply runs on, its paid days whole); waiting (paused by a higher tier, or
 * queued), it is dropped. A term that already ended (at its predicted expiry, or refunded) is left
 * alone, so its commands run once. A term kept from before terms existed (no order line) ends when
 * it is of this tier and server, for a line bought before then (one that has a term of its own
 * never reaches it). True when a term ended here.
 */
export async function endVipAtWipe(
  tx: Db,
  holder: VipHolder,
  vip: { orderItemId: number; tier: string; serverId: number },
): Promise<boolean> {
  const boughtBeforeTerms = !(await createVipPeriodsRepository(tx).lineHasTerm(vip.orderItemId));
  let ended = false;
  await changeVip(tx, holder, (live, now) => {
    const own = live.find((term) => term.orderItemId === vip.orderItemId);
    const kept = live.find(
      (term) =>
        boughtBeforeTerms &&
        term.orderId === null &&
        term.grantPayload === null &&
        term.days === 0 &&
        term.grantCommands === '' &&
        term.tier === vip.tier &&
        term.serverId === vip.serverId,
    );
    const term = own ?? kept;
    if (term) {
      endTerm(term, now, 'wipe');
      ended = true;
    }
    return live;
  });
  return ended;
}
