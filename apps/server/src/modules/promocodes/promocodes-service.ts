import { kopecksToRoubles, roublesToKopecks, type promocodeInputSchema } from '@shop/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest } from '../../plugins/errors';
import { entityAudit, recordAudit, type AuditActor } from '../audit/audit-log';
import { postEntry } from '../ledger/ledger';
import {
  createPromocodesRepository,
  toPromocode,
  type PromocodeRow,
} from './promocodes-repository';

export const PROMO_MESSAGES = {
  invalid: 'Промокод недействителен',
  expired: 'Срок действия промокода истёк',
  exhausted: 'Промокод достиг лимита использований',
  alreadyUsed: 'Вы уже активировали этот промокод',
} as const;

export interface PromoActivation {
  success: true;
  message: string;
  bonus: number;
  /** The balance after a fixed code's credit; null for a percentage code (nothing credited yet). */
  balance: number | null;
}

/**
 * Activation runs in the caller's transaction under the code's row lock: however many players race
 * for the last use, they are counted one after another, and the unique (code, user) key makes a
 * second activation impossible.
 */
export async function activatePromocode(
  tx: Db,
  userId: number,
  code: string,
  /** When it was activated, if not now: the demo's history. */
  at?: Date,
): Promise<PromoActivation> {
  const repo = createPromocodesRepository(tx);
  const promo = await repo.lockByCode(code);
  if (!promo || !promo.isActive) throw badRequest(PROMO_MESSAGES.invalid);
  if (promo.expiresAt && promo.expiresAt.getTime() <= Date.now())
    throw badRequest(PROMO_MESSAGES.expired);
  if (promo.usageCount >= promo.usageLimit) throw badRequest(PROMO_MESSAGES.exhausted);
  if (!(await repo.activate(promo.id, userId, at))) throw badRequest(PROMO_MESSAGES.alreadyUsed);

  const discount = Number(promo.discount);
  if (promo.type === 'percentage') {
    return {
      success: true,
      balance: null,
      bonus: 0,
      message: `Промокод активирован! Бонус +${discount}% к следующему пополнению`,
    };
  }
  const credit = roublesToKopecks(discount);
  const balance = await postEntry(tx, {
    userId,
    kind: 'promo',
    amountKopecks: credit,
    description: `Промокод ${promo.code}`,
    method: 'Промокод',
    at,
  });
  return {
    success: true,
    // A credit only fails for a user that is gone; the session proved they exist.
    balance: balance === null ? null : kopecksToRoubles(balance),
    bonus: discount,
    message: `Промокод активирован! Начислено ${discount}₽`,
  };
}

/**
 * An admin creates a code: the code and its journal row commit together. Undefined when the code
 * exists already. `at`: when, if not now (the demo's history).
 */
export async function createPromocode(
  db: Db,
  actor: AuditActor,
  input: z.output<typeof promocodeInputSchema>,
  at?: Date,
): Promise<PromocodeRow | undefined> {
  return db.transaction(async (tx) => {
    const row = await createPromocodesRepository(tx).create({
      ...input,
      ...(at ? { createdAt: at } : {}),
    });
    if (!row) return undefined;
    await recordAudit(
      tx,
      actor,
      entityAudit('promocode.create', 'promocode', null, toPromocode(row)),
      at,
    );
    return row;
  });
}
