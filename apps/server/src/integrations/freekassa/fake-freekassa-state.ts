import { randomBytes } from 'node:crypto';
import { notificationSign } from './freekassa-signatures';
import type { FreekassaOrderStatus } from './freekassa-client';

/**
 * The FreeKassa stand-in's memory: its orders, and the notifications it sends for them. Kept apart
 * from the HTTP routes so tests can drive it directly (replays, concurrent notifications).
 */
export const STATUS_CODE: Record<Exclude<FreekassaOrderStatus, 'unknown'>, number> = {
  new: 0,
  paid: 1,
  refunded: 6,
  error: 8,
  cancelled: 9,
};
/** CUR_ID reported for a card payment through the payment form (FreeKassa's «Card RUB API»). */
export const CARD_METHOD_ID = 36;

export interface FakeOrder {
  /** FreeKassa's id (`intid` in notifications, `orderId` in the API). */
  fkOrderId: number;
  /** Our order id (`o`, `paymentId`, `MERCHANT_ORDER_ID`). */
  orderId: string;
  /** The amount exactly as the shop sent it; notifications carry this string back. */
  amount: string;
  amountKopecks: number;
  currency: string;
  email: string;
  methodId: number;
  status: number;
  hash: string;
  createdAt: Date;
}

export interface FakeNotifyResult {
  status: number;
  body: string;
  /** True when the shop answered YES. */
  accepted: boolean;
}

export interface FakeSecrets {
  shopId: string;
  secret2: string;
}

export function createFakeState(secrets: FakeSecrets, notifyUrl: () => string) {
  const orders: FakeOrder[] = [];
  let nextId = 7_000_000 + Math.floor(Math.random() * 1_000_000);

  function add(fields: Omit<FakeOrder, 'fkOrderId' | 'hash' | 'createdAt' | 'status'>): FakeOrder {
    const order: FakeOrder = {
      ...fields,
      fkOrderId: (nextId += 1),
      hash: randomBytes(16).toString('hex'),
      status: STATUS_CODE.new,
      createdAt: new Date(),
    };
    orders.push(order);
    return order;
  }

  /** The newest order under our id: duplicates are possible, as on the real provider. */
  function latest(orderId: string): FakeOrder | undefined {
    return orders.findLast((order) => order.orderId === orderId);
  }

  function mustFind(orderId: string): FakeOrder {
    const order = latest(orderId);
    if (!order) throw new Error(`fake FreeKassa has no order ${orderId}`);
    return order;
  }

  function setStatus(orderId: string, status: Exclude<FreekassaOrderStatus, 'unknown'>): void {
    mustFind(orderId).status = STATUS_CODE[status];
  }

  /**
   * The paid order is refunded, or charged back by the payer's bank: the API reports both as status
   * 6 from then on, and sends the shop no notification (the shop finds it by asking).
   */
  function refund(orderId: string): void {
    const order = orders.findLast(
      (candidate) => candidate.orderId === orderId && candidate.status === STATUS_CODE.paid,
    );
    if (!order) throw new Error(`fake FreeKassa has no paid order ${orderId}`);
    order.status = STATUS_CODE.refunded;
  }

  /** The notification FreeKassa would send for an order; overrides replace fields after signing. */
  function notificationFields(
    order: FakeOrder,
    overrides: Record<string, string> = {},
  ): Record<string, string> {
    const sign = notificationSign({
      merchantId: secrets.shopId,
      amount: order.amount,
      secret2: secrets.secret2,
      orderId: order.orderId,
    });
    return {
      MERCHANT_ID: secrets.shopId,
      AMOUNT: order.amount,
      intid: String(order.fkOrderId),
      MERCHANT_ORDER_ID: order.orderId,
      P_EMAIL: order.email,
      CUR_ID: String(order.methodId),
      SIGN: sign,
      ...overrides,
    };
  }

  /**
   * FreeKassa notifies only once an order is paid, so the genuine notification of a new order
   * pays it first (its API then reports status 1); a cancelled or refunded one stays as it is.
   */
  function paidForNotice(orderId: string): FakeOrder {
    const order = mustFind(orderId);
    if (order.status === STATUS_CODE.new) order.status = STATUS_CODE.paid;
    return order;
  }

  async function send(order: FakeOrder, overrides?: Record<string, string>) {
    try {
      const response = await fetch(notifyUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(notificationFields(order, overrides)),
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      const body = await response.text();
      return { status: response.status, body, accepted: response.ok && body.trim() === 'YES' };
    } catch (error) {
      return { status: 0, body: error instanceof Error ? error.message : 'error', accepted: false };
    }
  }

  return {
    add,
    latest,
    setStatus,
    refund,
    all: () => orders.map((order) => ({ ...order })),
    byFkId: (fkOrderId: number) => orders.find((order) => order.fkOrderId === fkOrderId),
    notificationFields: (orderId: string, overrides?: Record<string, string>) =>
      notificationFields(paidForNotice(orderId), overrides),
    send,
    /** (Re)sends an order's notification, paying a new order first as notificationFields does. */
    notify: (orderId: string, overrides?: Record<string, string>): Promise<FakeNotifyResult> =>
      send(paidForNotice(orderId), overrides),
  };
}

export type FakeState = ReturnType<typeof createFakeState>;
