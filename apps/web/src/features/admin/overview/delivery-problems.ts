import type { Order } from '@shop/shared';

export type OrderDelivery = Order['deliveries'][number];

/** What an admin can act on in one order; deliveries already given or cancelled are not listed. */
export interface DeliveryProblems {
  /** Each can be sent again, or refunded with the rest. */
  failed: OrderDelivery[];
  /** Still waiting (say, the player never logs in): refundable, nothing to retry yet. */
  waiting: OrderDelivery[];
  /** Being given right now: listed so the admin knows the refund will leave them alone. */
  sending: OrderDelivery[];
}

/**
 * The order's open deliveries, or null when there is nothing to retry or refund. Mirrors the
 * server's refund, which cancels 'pending' and 'failed' deliveries and skips 'sending'.
 */
export function deliveryProblems(order: Pick<Order, 'deliveries'>): DeliveryProblems | null {
  const failed = order.deliveries.filter((delivery) => delivery.status === 'failed');
  const waiting = order.deliveries.filter((delivery) => delivery.status === 'pending');
  if (failed.length === 0 && waiting.length === 0) return null;
  const sending = order.deliveries.filter((delivery) => delivery.status === 'sending');
  return { failed, waiting, sending };
}

/** One delivery's state for the admin: the failure or the wait, with the server's reason. */
export function deliveryProblemText({ status, reason }: OrderDelivery): string {
  if (status === 'failed') return reason ? `Ошибка: ${reason}` : 'Ошибка выдачи';
  if (status === 'sending') return 'Выдаётся…';
  return reason ? `Ожидает: ${reason}` : 'Ожидает выдачи';
}
