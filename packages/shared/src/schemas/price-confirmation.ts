import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money';
import { apiErrorSchema } from './common';

export { PRICE_CHANGED, priceChangedMessage } from '../purchase-texts';

/**
 * The total the player saw before confirming a purchase, in roubles. The shop's web app always sends
 * it; another client may leave it out (then nothing is compared). A higher total in force when the
 * purchase runs refuses it with 409 `price_changed`; a lower one is charged as it is.
 */
export const expectedTotalSchema = z
  .number({ error: 'Неверная сумма покупки' })
  .min(0, 'Неверная сумма покупки')
  .max(100_000_000, 'Неверная сумма покупки')
  .refine(hasAtMostTwoDecimals, 'Неверная сумма покупки');

/**
 * A purchase route's 409: either `price_changed` with the total in force now (roubles), or another
 * conflict (the wipe block) without one.
 */
export const purchaseConflictSchema = apiErrorSchema.extend({ total: z.number().optional() });
export type PurchaseConflict = z.infer<typeof purchaseConflictSchema>;
