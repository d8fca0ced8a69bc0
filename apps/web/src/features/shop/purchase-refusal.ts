import { formatRoubles } from '@/lib/format';
import { GIFT_RECIPIENT_REQUIRED } from '@/components/gift/gift-draft';

/**
 * Why the purchase dialog refuses before asking the shop, or null. The balance is checked here
 * first so the player can lower the quantity without a round trip; a debt (a reversed top-up left
 * the balance below zero) goes to the shop, whose refusal names it.
 */
export function purchaseRefusal(state: {
  ready: boolean;
  inStock: boolean;
  giftIncomplete: boolean;
  balance: number;
  cost: number;
}): { title: string; description?: string } | null {
  if (!state.ready) return { title: 'Выберите сервер и количество для покупки' };
  if (!state.inStock) return { title: 'Товар недоступен для покупки.' };
  if (state.giftIncomplete) return { title: GIFT_RECIPIENT_REQUIRED };
  if (state.cost > state.balance && state.balance >= 0) {
    return {
      title: 'Недостаточно средств',
      description: `Ваш баланс: ${formatRoubles(state.balance)}. Нужно: ${formatRoubles(state.cost)}`,
    };
  }
  return null;
}
