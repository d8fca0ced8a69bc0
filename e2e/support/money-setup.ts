import { randomUUID } from 'node:crypto';
import { callShop } from './shop-api';

const MAX_FIXED_CODE = 15_000;

/**
 * Gives a player a balance the way the shop allows it: the admin issues fixed promo codes (at most
 * 15 000 ₽ each) and the player activates them, all through the public API.
 */
export async function creditWithPromoCodes(
  shopUrl: string,
  adminToken: string,
  playerToken: string,
  roubles: number,
): Promise<void> {
  let left = roubles;
  for (let index = 0; left > 0; index += 1) {
    const amount = Math.min(left, MAX_FIXED_CODE);
    const code = `GIFT-${index}-${randomUUID().slice(0, 6).toUpperCase()}`;
    await callShop(shopUrl, adminToken, '/api/admin/promocodes', 'POST', {
      code,
      discount: amount,
      type: 'fixed',
      usageLimit: 1,
    });
    await callShop(shopUrl, playerToken, '/api/promocodes/activate', 'POST', { code });
    left -= amount;
  }
}
