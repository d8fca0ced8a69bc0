import { SBP_METHOD_ID, type Kopecks } from '@shop/shared';
import { createApiTransport, FreekassaError, type ApiReply } from './freekassa-api';
import { listRefundedOrderIds } from './freekassa-refunds';
import {
  CURRENCY,
  formatAmount,
  notificationSign,
  parseAmount,
  paymentLinkSign,
  safeEqualHex,
} from './freekassa-signatures';

export { FreekassaError, type FreekassaFailure } from './freekassa-api';

/** Payment method id of SBP (the fast payment system) in FreeKassa's API. */
/** What a notification handler answers once the payment is recorded; anything else makes FreeKassa retry. */
export const NOTIFICATION_REPLY = 'YES';

export interface FreekassaSettings {
  shopId: string;
  secret1: string;
  secret2: string;
  apiKey: string;
  payUrl: string;
  /** API base without the version (the client appends /v1/...). */
  apiUrl: string;
  /** Addresses notifications may come from; empty = any (demo and tests only). */
  allowedIps: readonly string[];
}

export interface FreekassaDeps {
  fetchImpl?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}

export type FreekassaOrderStatus = 'paid' | 'new' | 'refunded' | 'error' | 'cancelled' | 'unknown';

export type NotificationCheck =
  | {
      ok: true;
      orderId: string;
      amountKopecks: Kopecks;
      /** FreeKassa's own id of the payment (`intid`). */
      providerId: string;
      email: string | null;
    }
  | { ok: false; reason: 'bad_signature' | 'wrong_merchant' | 'malformed' | 'forbidden_address' };

const STATUS_CODES: Record<number, FreekassaOrderStatus> = {
  1: 'paid',
  0: 'new',
  6: 'refunded',
  8: 'error',
  9: 'cancelled',
};
/** When duplicates exist under one order id, the most consequential status wins. */
const STATUS_PRIORITY: readonly FreekassaOrderStatus[] = [
  'paid',
  'refunded',
  'new',
  'error',
  'cancelled',
  'unknown',
];
const REMEMBERED_LOCATIONS = 1000;

/** Node reports IPv4 peers on a dual-stack socket as ::ffff:a.b.c.d. */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim().toLowerCase();
  return trimmed.startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed;
}

function checkOrderId(orderId: string): void {
  if (!orderId || orderId.length > 128 || /[\s:]/.test(orderId)) {
    // A colon would make the md5 strings ambiguous ("a:b" + "c" vs "a" + "b:c").
    throw new RangeError('order id must be 1..128 characters without spaces or colons');
  }
}

export function createFreekassaClient(settings: FreekassaSettings, deps: FreekassaDeps = {}) {
  if (!/^\d+$/.test(settings.shopId)) throw new RangeError('FreeKassa shop id must be numeric');
  const allowed = new Set(settings.allowedIps.map(normalizeIp));
  const call = createApiTransport({
    shopId: Number(settings.shopId),
    apiKey: settings.apiKey,
    apiUrl: settings.apiUrl,
    fetchImpl: deps.fetchImpl ?? fetch,
    now: deps.now ?? Date.now,
    timeoutMs: deps.timeoutMs ?? 10_000,
  });
  /** Locations this process already obtained, so a retry reuses the provider's order. */
  const locations = new Map<string, string>();
  const creating = new Map<string, Promise<{ location: string }>>();

  function paymentLink(input: { orderId: string; amountKopecks: Kopecks; email: string }): string {
    checkOrderId(input.orderId);
    const amount = formatAmount(input.amountKopecks);
    const url = new URL(settings.payUrl);
    const params: Record<string, string> = {
      m: settings.shopId,
      oa: amount,
      currency: CURRENCY,
      o: input.orderId,
      s: paymentLinkSign({
        shopId: settings.shopId,
        amount,
        secret1: settings.secret1,
        currency: CURRENCY,
        orderId: input.orderId,
      }),
      em: input.email,
      lang: 'ru',
    };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  }

  async function findOrders(orderId: string): Promise<Array<{ status: number }>> {
    const reply: ApiReply = await call('/v1/orders', { paymentId: orderId });
    if (!Array.isArray(reply.orders)) throw new FreekassaError('bad_reply', 'no orders list');
    return reply.orders.flatMap((item: unknown) => {
      if (typeof item !== 'object' || item === null) return [];
      const order = item as Record<string, unknown>;
      // The filter already narrows to our id; checking again keeps a loose filter from misleading us.
      if (String(order.merchant_order_id) !== orderId) return [];
      return [{ status: Number(order.status) }];
    });
  }

  async function orderStatus(orderId: string): Promise<FreekassaOrderStatus> {
    checkOrderId(orderId);
    const statuses = (await findOrders(orderId)).map(
      (order) => STATUS_CODES[order.status] ?? 'unknown',
    );
    return STATUS_PRIORITY.find((status) => statuses.includes(status)) ?? 'unknown';
  }

  async function createOnce(input: {
    orderId: string;
    amountKopecks: Kopecks;
    email: string;
    ip: string;
  }): Promise<{ location: string }> {
    const known = locations.get(input.orderId);
    if (known) return { location: known };
    // Order creation is not idempotent: ask first, so a retry after a lost reply cannot make a
    // second order (and a second charge) under the same id.
    const existing = await findOrders(input.orderId);
    if (existing.length > 0) {
      if (existing.some((order) => order.status === 1)) throw new FreekassaError('already_paid');
      throw new FreekassaError('order_exists', 'start a new payment with a new order id');
    }
    const reply = await call('/v1/orders/create', {
      paymentId: input.orderId,
      i: SBP_METHOD_ID,
      email: input.email,
      ip: normalizeIp(input.ip),
      // A JSON number prints exactly as formatAmount wrote it, so the signature matches the body.
      amount: Number(formatAmount(input.amountKopecks)),
      currency: CURRENCY,
    });
    const location = typeof reply.location === 'string' ? reply.location : '';
    if (!/^https?:\/\//.test(location)) throw new FreekassaError('bad_reply', 'no location');
    if (locations.size >= REMEMBERED_LOCATIONS) {
      const oldest = locations.keys().next().value;
      if (oldest !== undefined) locations.delete(oldest);
    }
    locations.set(input.orderId, location);
    return { location };
  }

  async function createSbpOrder(input: {
    orderId: string;
    amountKopecks: Kopecks;
    email: string;
    ip: string;
  }): Promise<{ location: string }> {
    checkOrderId(input.orderId);
    formatAmount(input.amountKopecks);
    if (!input.email || !input.ip) throw new RangeError('SBP orders need the email and the IP');
    // Two concurrent calls for one order share one request instead of racing to create two (this
    // runs before the first await, so the check and the set cannot interleave).
    const pending = creating.get(input.orderId);
    if (pending) return pending;
    const promise = createOnce(input).finally(() => creating.delete(input.orderId));
    creating.set(input.orderId, promise);
    return promise;
  }

  function verifyNotification(
    fields: Record<string, unknown>,
    sourceIp: string,
  ): NotificationCheck {
    if (allowed.size > 0 && !allowed.has(normalizeIp(sourceIp))) {
      return { ok: false, reason: 'forbidden_address' };
    }
    // Arrays (a repeated field) and empty values are someone feeding us something odd.
    const text = (name: string) => {
      const field = fields[name];
      return typeof field === 'string' && field !== '' ? field : null;
    };
    const merchantId = text('MERCHANT_ID');
    const amount = text('AMOUNT');
    const providerId = text('intid');
    const orderId = text('MERCHANT_ORDER_ID');
    const sign = text('SIGN');
    const email = fields.P_EMAIL ?? '';
    if (!merchantId || !amount || !providerId || !orderId || !sign || typeof email !== 'string') {
      return { ok: false, reason: 'malformed' };
    }
    const amountKopecks = parseAmount(amount);
    if (amountKopecks === null || orderId.length > 128) return { ok: false, reason: 'malformed' };
    if (merchantId !== settings.shopId) return { ok: false, reason: 'wrong_merchant' };
    // Signed over the strings exactly as received: re-formatting the amount would break a valid SIGN.
    const expected = notificationSign({ merchantId, amount, secret2: settings.secret2, orderId });
    if (!safeEqualHex(sign, expected)) return { ok: false, reason: 'bad_signature' };
    return { ok: true, orderId, amountKopecks, providerId, email: email || null };
  }

  /** Our order ids FreeKassa reports refunded (or charged back) among its orders since `since`. */
  const refundedOrderIds = (since: Date) => listRefundedOrderIds(call, since);

  return { paymentLink, createSbpOrder, orderStatus, refundedOrderIds, verifyNotification };
}

export type FreekassaClient = ReturnType<typeof createFreekassaClient>;
