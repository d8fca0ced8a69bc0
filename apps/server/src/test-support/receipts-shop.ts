import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import {
  registerFakeYookassaReceipts,
  type FakeReceiptsControl,
} from '../integrations/yookassa/fake-yookassa-receipts';
import type { YkPayment, YkPaymentReceipt } from '../integrations/yookassa/yookassa-types';
import { startGameShop, type GameShop } from './shop-fixtures';

export const YOOKASSA_MERCHANT = { shopId: '424242', secretKey: 'test_receipts_secret_key' };

/** A payment as the stand-in keeps it, with the receipt it was created with. */
type StoredPayment = YkPayment & { receipt?: YkPaymentReceipt };

export interface ReceiptsWorld extends GameShop {
  /** Payments created at the stand-in, by YooKassa's id. */
  payments: Map<string, StoredPayment>;
  receipts: FakeReceiptsControl;
  /** The payer pays: the payment succeeds, and a receipt it carried is registered. */
  pay(yookassaId: string): void;
  /** YooKassa's notification of it, as its webhook sends it. */
  notify(yookassaId: string): Promise<number>;
  /**
   * A top-up through YooKassa as the dialog sends it, paid and notified: YooKassa's payment id.
   * Throws when the shop refuses it.
   */
  topUp(headers: { authorization: string }, roubles: number, email: string): Promise<string>;
  /** The owner refunds the whole payment in YooKassa's dashboard, and YooKassa notifies. */
  refundInFull(yookassaId: string): Promise<number>;
}

/**
 * YooKassa's payments as far as receipts need them (https://yookassa.ru/developers/api#payment):
 * `POST /payments` with Basic auth and an `Idempotence-Key` (the same key returns the same payment),
 * `GET /payments/{id}` with `receipt_registration` once a payment that carried a receipt succeeded,
 * an empty `GET /refunds`; the receipts API is the receipts stand-in's.
 */
async function startFakeYookassa() {
  const app = Fastify();
  const payments = new Map<string, StoredPayment>();
  const byKey = new Map<string, string>();
  const auth = `Basic ${Buffer.from(`${YOOKASSA_MERCHANT.shopId}:${YOOKASSA_MERCHANT.secretKey}`).toString('base64')}`;
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== auth) {
      return reply.code(401).send({ type: 'error', code: 'invalid_credentials' });
    }
  });
  const receipts = registerFakeYookassaReceipts(app, {
    prefix: '/v3',
    ...YOOKASSA_MERCHANT,
    knowsPayment: (id) => payments.has(id),
  });
  app.post('/v3/payments', async (request, reply) => {
    const key = request.headers['idempotence-key'];
    if (typeof key !== 'string' || !key) {
      return reply.code(400).send({ type: 'error', code: 'invalid_request' });
    }
    const known = byKey.get(key);
    if (known) return payments.get(known);
    const body = request.body as {
      amount: YkPayment['amount'];
      metadata: Record<string, string>;
      receipt?: YkPaymentReceipt;
    };
    const id = `yk-${randomUUID()}`;
    const payment: StoredPayment = {
      id,
      status: 'pending',
      paid: false,
      amount: body.amount,
      metadata: body.metadata,
      created_at: new Date().toISOString(),
      refundable: false,
      test: true,
      confirmation: {
        type: 'redirect',
        confirmation_url: `https://yoomoney.example/checkout/${id}`,
      },
      ...(body.receipt ? { receipt: body.receipt, receipt_registration: 'pending' as const } : {}),
    };
    payments.set(id, payment);
    byKey.set(key, id);
    return payment;
  });
  app.get('/v3/payments/:id', async (request, reply) => {
    const payment = payments.get((request.params as { id: string }).id);
    if (!payment) return reply.code(404).send({ type: 'error', code: 'not_found' });
    const { receipt: _receipt, ...visible } = payment;
    return visible;
  });
  app.get('/v3/refunds', async () => ({ type: 'list', items: [] }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, payments, receipts, apiUrl: `http://127.0.0.1:${port}/v3` };
}

/** The shop with a game server, YooKassa's stand-in and 54-ФЗ receipts on (or `env`'s mode). */
export async function startReceiptsWorld(env: Record<string, string> = {}): Promise<ReceiptsWorld> {
  const yookassa = await startFakeYookassa();
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
  const pay = (id: string) => {
    const payment = yookassa.payments.get(id)!;
    Object.assign(payment, {
      status: 'succeeded',
      paid: true,
      captured_at: new Date().toISOString(),
      ...(payment.receipt ? { receipt_registration: 'succeeded' } : {}),
    });
  };
  const notify = async (id: string) => {
    const payment = yookassa.payments.get(id)!;
    const reply = await world.shop.app.inject({
      method: 'POST',
      url: '/api/payments/yookassa/notify',
      remoteAddress: '127.0.0.1',
      payload: {
        type: 'notification',
        event: 'payment.succeeded',
        object: { id, status: 'succeeded', paid: true, metadata: payment.metadata },
      },
    });
    return reply.statusCode;
  };
  return {
    ...world,
    payments: yookassa.payments,
    receipts: yookassa.receipts,
    pay,
    notify,
    async topUp(headers, roubles, email) {
      const reply = await world.shop.app.inject({
        method: 'POST',
        url: '/api/payments/create',
        headers: { ...headers, 'idempotency-key': `top-up-${randomUUID()}` },
        payload: { amount: roubles, method: 'yookassa', paymentSystemId: 'bank_card', email },
      });
      if (reply.statusCode !== 200) throw new Error(reply.body);
      const payment = [...yookassa.payments.values()].at(-1)!;
      pay(payment.id);
      const notified = await notify(payment.id);
      if (notified !== 200) throw new Error(`notification answered ${notified}`);
      return payment.id;
    },
    async refundInFull(id) {
      const payment = yookassa.payments.get(id)!;
      Object.assign(payment, { refunded_amount: payment.amount, refundable: false });
      const reply = await world.shop.app.inject({
        method: 'POST',
        url: '/api/payments/yookassa/notify',
        remoteAddress: '127.0.0.1',
        payload: {
          type: 'notification',
          event: 'refund.succeeded',
          object: {
            id: `rf-${randomUUID()}`,
            payment_id: id,
            status: 'succeeded',
            amount: payment.amount,
          },
        },
      });
      return reply.statusCode;
    },
    async close() {
      await world.close();
      await yookassa.app.close();
    },
  };
}
