import { sql } from 'drizzle-orm';
import { webhookSignature } from '../integrations/cryptopay/cryptopay-signature';
import type { ProviderId } from '../integrations/payments/payment-provider';
import type { ProviderShop } from './provider-shop';
import { queryRows } from './sql';

/**
 * What the contract test does to each provider through its stand-in, in the provider's own terms:
 * open a top-up through the shop, pay it at the provider, send its genuine notification, forge
 * one, refund it. Every notification travels over HTTP as the provider sends it.
 */
export interface ProviderAdapter {
  id: ProviderId;
  /** The create payload's method and paymentSystemId. */
  choose: { method: string; paymentSystemId?: string };
  /** After the shop opened the top-up: whatever the adapter needs to know of it. */
  opened(orderId: string): Promise<void>;
  pay(orderId: string): void;
  /** One genuine notification for the payment, as the provider sends it; the HTTP status. */
  notice(orderId: string): Promise<number>;
  /** Notifications that are not the provider's: each must be refused. */
  forgeries(orderId: string, otherOrderId: string): Array<Promise<number>>;
  /** Refunds the whole payment at the provider; null where the provider has no refunds. */
  refund: ((orderId: string) => void) | null;
}

const providerIdOf = async (money: ProviderShop, orderId: string) =>
  (
    await queryRows<{ provider_id: string | null }>(
      money.shop.app.db,
      sql`select provider_id from payments where id = ${orderId}`,
    )
  )[0]?.provider_id ?? '';

const post = async (url: string, body: string, headers: Record<string, string>) =>
  (await fetch(url, { method: 'POST', body, headers })).status;

export function adapters(money: ProviderShop): ProviderAdapter[] {
  const app = money.shop.app;
  const notifyUrl = (provider: string) => `${money.url}/api/payments/${provider}/notify`;
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const fk = money.freekassa.fake;
  const fkFields = new Map<string, Record<string, string>>();
  const yk = money.yookassa.fake;
  const cp = money.cryptopay.fake;
  const theirs = new Map<string, string>();

  const freekassa: ProviderAdapter = {
    id: 'freekassa',
    choose: { method: 'freekassa', paymentSystemId: 'sbp' },
    async opened(orderId) {
      // FreeKassa notifies only for a paid order: the genuine fields are taken, the order kept new.
      fkFields.set(orderId, fk.notificationFields(orderId));
      fk.setStatus(orderId, 'new');
    },
    pay: (orderId) => fk.setStatus(orderId, 'paid'),
    notice: (orderId) =>
      post(notifyUrl('freekassa'), new URLSearchParams(fkFields.get(orderId)).toString(), form),
    forgeries(orderId, otherOrderId) {
      const fields = fkFields.get(orderId)!;
      const inject = (payload: Record<string, string>, remoteAddress = '127.0.0.1') =>
        app
          .inject({
            method: 'POST',
            url: '/api/payments/freekassa/notify',
            remoteAddress,
            headers: form,
            payload: new URLSearchParams(payload).toString(),
          })
          .then((reply) => reply.statusCode);
      const { SIGN: _sign, ...unsigned } = fields;
      return [
        inject({ ...fields, SIGN: 'f'.repeat(32) }),
        inject(unsigned),
        inject({ ...fields, MERCHANT_ORDER_ID: otherOrderId }),
        inject(fields, '203.0.113.7'),
      ];
    },
    refund: (orderId) => fk.refund(orderId),
  };

  const yookassa: ProviderAdapter = {
    id: 'yookassa',
    choose: { method: 'yookassa', paymentSystemId: 'bank_card' },
    async opened(orderId) {
      theirs.set(orderId, await providerIdOf(money, orderId));
    },
    pay: (orderId) => void yk.succeed(theirs.get(orderId)!),
    notice: async (orderId) => (await yk.notify('payment.succeeded', theirs.get(orderId)!)).status,
    forgeries(orderId, otherOrderId) {
      const body = yk.notificationBody('payment.succeeded', theirs.get(orderId)!);
      const inject = (payload: unknown, remoteAddress: string, headers = {}) =>
        app
          .inject({
            method: 'POST',
            url: '/api/payments/yookassa/notify',
            remoteAddress,
            headers: { 'content-type': 'application/json', ...headers },
            payload: JSON.stringify(payload),
          })
          .then((reply) => reply.statusCode);
      const renamed = structuredClone(body);
      (renamed.object as { metadata: Record<string, string> }).metadata.paymentId = otherOrderId;
      return [
        // From outside YooKassa's addresses, also when it claims to be forwarded from one.
        inject(body, '203.0.113.7'),
        inject(body, '203.0.113.7', { 'x-forwarded-for': '185.71.76.1' }),
        // From an allowed address, naming our other payment with this payment's YooKassa id.
        inject(renamed, '127.0.0.1'),
        inject({ ...body, object: { ...body.object, id: 'no-such-payment' } }, '127.0.0.1'),
      ];
    },
    refund: (orderId) => void yk.refund(theirs.get(orderId)!),
  };

  const cryptopay: ProviderAdapter = {
    id: 'cryptopay',
    choose: { method: 'cryptopay' },
    async opened(orderId) {
      theirs.set(orderId, await providerIdOf(money, orderId));
    },
    pay: (orderId) => void cp.pay(Number(theirs.get(orderId))),
    notice: async (orderId) => (await cp.notify(Number(theirs.get(orderId)))).status,
    forgeries(orderId) {
      const id = Number(theirs.get(orderId));
      const { body, signature } = cp.update(id);
      return [
        cp.notify(id, null).then((reply) => reply.status),
        cp.notify(id, 'f'.repeat(64)).then((reply) => reply.status),
        // Signed with another app's token.
        cp
          .send(body, webhookSignature('1:AAanotherAppTokenXYZ', body))
          .then((reply) => reply.status),
        // The genuine signature over a body altered after signing.
        cp
          .send(body.replace(`"invoice_id":${id}`, `"invoice_id":${id} `), signature)
          .then((reply) => reply.status),
      ];
    },
    // Crypto Pay has no refunds or chargebacks: a paid invoice is final.
    refund: null,
  };

  return [freekassa, yookassa, cryptopay];
}
