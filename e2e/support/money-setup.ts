import { randomUUID } from 'node:crypto';

const MAX_FIXED_CODE = 15_000;

async function call(url: string, token: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

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
    await call(`${shopUrl}/api/admin/promocodes`, adminToken, {
      code,
      discount: amount,
      type: 'fixed',
      usageLimit: 1,
    });
    await call(`${shopUrl}/api/promocodes/activate`, playerToken, { code });
    left -= amount;
  }
}
