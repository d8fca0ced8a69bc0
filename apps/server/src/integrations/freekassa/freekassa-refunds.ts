import { FreekassaError, type createApiTransport } from './freekassa-api';

/** FreeKassa's status of a refunded order. Its API reports a chargeback with the same status. */
export const REFUNDED_STATUS = 6;

/** `2026-05-01 13:45:00` in UTC, the API's date format. */
export const apiDate = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/**
 * Our order ids (`merchant_order_id`) among the provider's refunded orders created since `since`:
 * `POST /v1/orders` filtered by `orderStatus` and `dateFrom`, page by page. Pages are followed up to
 * `maxPages`, so a provider that misreports its page count cannot keep the job asking forever.
 */
export async function listRefundedOrderIds(
  call: ReturnType<typeof createApiTransport>,
  since: Date,
  maxPages = 20,
): Promise<string[]> {
  const ids = new Set<string>();
  for (let page = 1; page <= maxPages; page += 1) {
    const reply = await call('/v1/orders', {
      orderStatus: REFUNDED_STATUS,
      dateFrom: apiDate(since),
      page,
    });
    if (!Array.isArray(reply.orders)) throw new FreekassaError('bad_reply', 'no orders list');
    for (const item of reply.orders as unknown[]) {
      if (typeof item !== 'object' || item === null) continue;
      const order = item as Record<string, unknown>;
      // The filter asked for refunded orders; checking again keeps a loose filter from misleading us.
      if (Number(order.status) !== REFUNDED_STATUS) continue;
      const id = order.merchant_order_id;
      if (typeof id === 'string' && id) ids.add(id);
    }
    const pages = Number(reply.pages);
    if (!Number.isInteger(pages) || page >= pages) break;
  }
  return [...ids];
}
