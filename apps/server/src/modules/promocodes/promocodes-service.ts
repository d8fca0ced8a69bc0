import { kopecksToRoubles, roublesToKopecks } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { badRequest } from '../../plugins/errors';
import { postEntry } from '../ledger/ledger';
import { createPromocodesRepository } from './promocodes-repository';

export const PROMO_MESSAGES = {
  invalid: 'Промокод недействителен',
  expired: 'Срок действия промокода истёк',
  exhausted: 'Промокод достиг лимита использований',
  alreadyUsed: 'Вы уже активировали этот промокод',
} as const;

/**
 * Activation runs under the code's row lock: however many players race for the last use, they are
 * counted one after another, and the unique (code, user) key makes a second activation impossible.
 */
export async function activatePromocode(app: FastifyInstance, userId: number, code: string) {
  const outcome = await app.db.transaction(async (tx) => {
    const repo = createPromocodesRepository(tx as unknown as Db);
    const promo = await repo.lockByCode(code);
    if (!promo || !promo.isActive) throw badRequest(PROMO_MESSAGES.invalid);
    if (promo.expiresAt && promo.expiresAt.getTime() <= Date.now())
      throw badRequest(PROMO_MESSAGES.expired);
    if (promo.usageCount >= promo.usageLimit) throw badRequest(PROMO_MESSAGES.exhausted);
    if (!(await repo.activate(promo.id, userId))) throw badRequest(PROMO_MESSAGES.alreadyUsed);

    const discount = Number(promo.discount);
    if (promo.type === 'percentage') {
      return {
        balance: null,
        bonus: 0,
        message: `Промокод активирован! Бонус +${discount}% к следующему пополнению`,
      };
    }
    const credit = roublesToKopecks(discount);
    const balance = await postEntry(tx as unknown as Db, {
      userId,
      kind: 'promo',
      amountKopecks: credit,
      description: `Промокод ${promo.code}`,
      method: 'Промокод',
    });
    return { balance, bonus: discount, message: `Промокод активирован! Начислено ${discount}₽` };
  });
  if (outcome.balance !== null) {
    app.realtime.toUser(userId, 'balanceUpdate', { balance: kopecksToRoubles(outcome.balance) });
  }
  return { success: true as const, message: outcome.message, bonus: outcome.bonus };
}
