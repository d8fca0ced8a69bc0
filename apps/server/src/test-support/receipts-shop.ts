import { randomUUID } from 'node:crypto';
import type { FakeReceiptsControl } from '../integrations/yookassa/fake-yookassa-receipts';
import { startFakeYookassa } from '../integrations/yookassa/fake-yookassa-server';
import type { FakeYkPayment, YkEvent } from '../integrations/yookassa/fake-yookassa-state';
import { startGameShop, type GameShop } from './shop-fixtures';
import { waitUntil } from './wait-until';

export const YOOKASSA_MERCHANT = { shopId: '424242', secretKey: 'test_receipts_secret_key' };

export interface ReceiptsWorld extends GameShop {
  /** Payments created at YooKassa's stand-in (with the receipt each carried), by YooKassa's id. */
  payments: { get(id: string): FakeYkPayment | undefined };
  receipts: FakeReceiptsControl;
  /**
   * A top-up through YooKassa as the dialog sends it, paid and notified: YooKassa's payment id.
   * Throws when the shop refuses it.
   */
  topUp(headers: Headers, roubles: number, email: string): Promise<string>;
  /** The owner refunds the whole payment in YooKassa's dashboard, and YooKassa notifies. */
  refundInFull(yookassaId: string): Promise<number>;
  /** The lines put in the cart and the cart bought for the game server: the order's id. */
  buyCart(headers: Headers, lines: Array<{ productId: number; quantity: number }>): Promise<string>;
  /** Waits until every delivery of the order failed (the game knows none of its items). */
  deliveriesFailed(headers: Headers, orderId: string): Promise<void>;
}

type Headers = { authorization: string };

/** The shop with a game server, YooKassa's stand-in and 54-ФЗ receipts on (or `env`'s mode). */
export async function startReceiptsWorld(env: Record<string, string> = {}): Promise<ReceiptsWorld> {
  // Notifications are handed to the shop in-process (from 127.0.0.1), with YooKassa's own bodies.
  const yookassa = await startFakeYookassa({ ...YOOKASSA_MERCHANT, notifyUrl: () => 'unused' });
  const world = await startGameShop({
    env: {
      DEMO: '0',
      YOOKASSA_SHOP_ID: YOOKASSA_MERCHANT.shopId,
      YOOKASSA_SECRET_KEY: YOOKASSA_MERCHANT.secretKey,
      YOOKASSA_API_URL: yookassa.apiUrl,
      YOOKASSA_ALLOWED_IPS: '127.0.0.1',
      YOOKASSA_RECEIPTS: '54fz',
      YOOKASSA_TAX_SYSTEM: '2',
      YOOKASSA_VAT_CODE: '1',
      ...env,
    },
  });
  const { fake } = yookassa;
  const notify = async (event: YkEvent, id: string) =>
    (
      await world.shop.app.inject({
        method: 'POST',
        url: '/api/payments/yookassa/notify',
        remoteAddress: '127.0.0.1',
        payload: fake.notificationBody(event, id),
      })
    ).statusCode;
  return {
    ...world,
    payments: { get: (id) => fake.get(id) },
    receipts: fake.receipts,
    async topUp(headers, roubles, email) {
      const reply = await world.shop.app.inject({
        method: 'POST',
        url: '/api/payments/create',
        headers: { ...headers, 'idempotency-key': `top-up-${randomUUID()}` },
        payload: { amount: roubles, method: 'yookassa', paymentSystemId: 'bank_card', email },
      });
      if (reply.statusCode !== 200) throw new Error(reply.body);
      const payment = fake.all().at(-1)!;
      fake.succeed(payment.id);
      const notified = await notify('payment.succeeded', payment.id);
      if (notified !== 200) throw new Error(`notification answered ${notified}`);
      return payment.id;
    },
    async buyCart(headers, lines) {
      for (const line of lines) {
        const added = await world.shop.app.inject({
          method: 'POST',
          url: '/api/cart',
          headers,
          payload: line,
        });
        if (added.statusCode !== 200) throw new Error(added.body);
      }
      const reply = await world.shop.app.inject({
        method: 'POST',
        url: '/api/cart/purchase',
        headers,
        payload: { serverId: world.serverId },
      });
      if (reply.statusCode !== 200) throw new Error(reply.body);
      return reply.json<{ orderId: string }>().orderId;
    },
    async deliveriesFailed(headers, orderId) {
      await world.shop.app.delivery.worker.kick();
      await waitUntil(
        async () => {
          const orders = (await world.shop.app.inject({ url: '/api/orders', headers })).json<
            Array<{ id: string; deliveries: Array<{ status: string }> }>
          >();
          const order = orders.find((candidate) => candidate.id === orderId);
          return Boolean(order?.deliveries.every((delivery) => delivery.status === 'failed'));
        },
        { what: 'deliveries failed' },
      );
    },
    async refundInFull(id) {
      fake.refund(id);
      return notify('refund.succeeded', id);
    },
    async close() {
      await world.close();
      await yookassa.close();
    },
  };
}
