import { AWAITING_SAVE_REASON, HELD_REASON, type Order } from '@shop/shared';
import type { StatusTone as Tone } from '@/lib/order-status';

type DeliveryView = Pick<Order, 'status' | 'isDelivered' | 'delivery'>;

/** The plugin gives goods out only when the player asks for them in the game. */
export const PLUGIN_HINT = 'Введите /store в игровом чате';

/** A delivery still moving: pending (waiting for the player, the server or /store) or being sent. */
export function isDeliveryUnderway(order: DeliveryView): boolean {
  if (order.status === 'cancelled' || order.isDelivered) return false;
  return order.delivery.status === 'pending' || order.delivery.status === 'sending';
}

/**
 * The delivery in plain Russian for the player: given, being given, waiting (and why), failed (and
 * why). `hint` tells a plugin-server buyer what to do to receive the goods.
 */
export function deliveryState(order: DeliveryView): {
  text: string;
  tone: Tone;
  hint: string | null;
} {
  const { status, reason, method } = order.delivery;
  if (order.isDelivered || status === 'delivered')
    return { text: 'Выдано', tone: 'success', hint: null };
  // Only an admin's refund cancels a delivery, so the player learns where the money went.
  if (order.status === 'cancelled' || status === 'cancelled')
    return { text: 'Деньги возвращены', tone: 'secondary', hint: null };
  if (status === 'failed')
    return {
      text: reason ? `Ошибка выдачи: ${reason}` : 'Ошибка выдачи',
      tone: 'destructive',
      hint: 'Напишите в техподдержку — администратор проверит выдачу.',
    };
  // The plugin gave it into the inventory; the order settles at the game's next world save.
  if (status === 'sending' && reason === AWAITING_SAVE_REASON)
    return { text: AWAITING_SAVE_REASON, tone: 'success', hint: null };
  // A reversed top-up paid for it: /store cannot help, the admin decides (issue 36).
  if (reason === HELD_REASON) return { text: HELD_REASON, tone: 'warning', hint: null };
  const hint = method === 'plugin' ? PLUGIN_HINT : null;
  if (status === 'sending') return { text: 'Выдаётся…', tone: 'warning', hint };
  return { text: reason ? `Ожидает: ${reason}` : 'Ожидает выдачи', tone: 'warning', hint };
}
