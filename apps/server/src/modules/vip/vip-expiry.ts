import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createUsersRepository } from '../users/users-repository';
import { changeVip } from './vip-change';
import { createVipPeriodsRepository } from './vip-periods-repository';

/** Holders brought up to date per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * Moves every plan whose running term's time is up: it ends, the next term runs (its grant queued,
 * the ended tier's revoke commands before it when the tier or server changes), all in one
 * transaction under each holder's row lock, so with several shop instances sweeping at once every
 * term ends and starts exactly once. Returns how many terms ended.
 */
export async function expireVips(app: FastifyInstance): Promise<number> {
  const ended = await app.db.transaction(async (transaction) => {
    const tx: Db = transaction;
    const holders = createUsersRepository(tx);
    let count = 0;
    for (const userId of await createVipPeriodsRepository(tx).dueHolders(SWEEP_BATCH)) {
      const holder = await holders.findById(userId);
      if (holder) count += (await changeVip(tx, holder)).ended.length;
    }
    return count;
  });
  if (ended > 0) void app.delivery.worker.kick();
  return ended;
}

/** Checks for ended VIPs every minute, on the leader only. */
export function scheduleVipExpiry(app: FastifyInstance, everyMs = 60_000) {
  app.leadership.every('VIP expiry', everyMs, () => expireVips(app));
}
