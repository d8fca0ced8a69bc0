import { createHash } from 'node:crypto';
import { paymentMethodsReplySchema } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeYookassa,
  type FakeYookassaServer,
} from '../../integrations/yookassa/fake-yookassa-server';
import { MERCHANT } from '../../test-support/money-shop';
import { YOOKASSA_MERCHANT } from '../../test-support/provider-shop';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { METHOD_UNAVAILABLE } from './payment-method-choice';

/**
 * A production shop that takes payments through YooKassa only: no FreeKassa setting at all. It
 * starts, offers YooKassa's methods alone, refuses FreeKassa's (by any of its names) changing
 * nothing, answers a FreeKassa notification without crediting, and still settles its top-ups.
 */
describe('a production shop with YooKassa only', () => {
  let shop: TestApp;
  let yookassa: FakeYookassaServer;
  let player: Awaited<ReturnType<typeof createAccount>>;
  let url = '';

  beforeAll(async () => {
    yookassa = await startFakeYookassa({
      ...YOOKASSA_MERCHANT,
      notifyUrl: () => `${url}/api/payments/yookassa/notify`,
    });
    shop = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example',
      ADMIN_STEAM_IDS: '76561198000000001',
      AUDIT_KEY: 'test-audit-key-of-at-least-32-characters',
      YOOKASSA_SHOP_ID: YOOKASSA_MERCHANT.shopId,
      YOOKASSA_SECRET_KEY: YOOKASSA_MERCHANT.secretKey,
      YOOKASSA_API_URL: yookassa.apiUrl,
      YOOKASSA_ALLOWED_IPS: '127.0.0.0/8',
    });
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(shop.app.server.address() as { port: number }).port}`;
    player = await createAccount(shop.app, shop.config);
  });
  afterAll(async () => {
    await shop?.close();
    await yookassa?.close();
  });

  const state = async () =>
    (
      await queryRows<{ payments: number; ledger: number; balance: string }>(
        shop.app.db,
        sql`select (select count(*)::int from payments) as payments,
          (select count(*)::int from transactions) as ledger,
          (select balance_kopecks from users where id = ${player.id}) as balance`,
      )
    )[0];
  const create = (payload: Record<string, unknown>) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: player.headers,
      payload: { amount: 500, email: 'player@example.com', ...payload },
    });

  it('starts with YooKassa alone: no FreeKassa provider and no FreeKassa method', async () => {
    expect(shop.config.freekassa).toBeNull();
    expect(shop.app.paymentProviders.all().map((provider) => provider.id)).toEqual(['yookassa']);
    expect(shop.app.paymentProviders.get('freekassa')).toBeUndefined();
    const reply = await shop.app.inject({
      method: 'GET',
      url: '/api/payments/methods',
      headers: player.headers,
    });
    expect(reply.statusCode).toBe(200);
    const { methods } = paymentMethodsReplySchema.parse(reply.json());
    expect(methods.length).toBeGreaterThan(0);
    expect(methods.every((method) => method.provider === 'yookassa')).toBe(true);
  });

  it.each([
    { method: 'freekassa' },
    { method: 'freekassa', paymentSystemId: 'sbp' },
    { method: 'kassa' },
    { method: 'sbp', paymentSystemId: 44 },
  ])('refuses a top-up through FreeKassa (%j) in Russian and changes nothing', async (choice) => {
    const before = await state();
    const reply = await create(choice);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(METHOD_UNAVAILABLE);
    expect(reply.json().message).toMatch(/^Этот способ оплаты сейчас недоступен/);
    expect(await state()).toEqual(before);
  });

  it('answers a FreeKassa notification without crediting, and settles YooKassa top-ups', async () => {
    const opened = await create({ method: 'yookassa', paymentSystemId: 'bank_card' });
    expect(opened.statusCode, opened.body).toBe(200);
    const { orderId } = opened.json();
    const before = await state();

    // FreeKassa's notification form (docs.freekassa.net, «Оповещение о платеже»), naming our order.
    const fields = {
      MERCHANT_ID: MERCHANT.shopId,
      AMOUNT: '500',
      intid: '777',
      MERCHANT_ORDER_ID: orderId,
      P_EMAIL: 'player@example.com',
      CUR_ID: '36',
    };
    const sign = createHash('md5')
      .update(`${fields.MERCHANT_ID}:${fields.AMOUNT}:${MERCHANT.secret2}:${orderId}`)
      .digest('hex');
    const notify = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/freekassa/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...fields, SIGN: sign }).toString(),
    });
    expect(notify.statusCode).toBe(400);
    expect(notify.json().message).toMatch(/^Уведомление отклонено: платёжная система не настроена/);
    expect(await state()).toEqual(before);

    // The reconciliation job asks YooKassa (the only provider) and credits what it says is paid.
    const [row] = await queryRows<{ provider_id: string }>(
      shop.app.db,
      sql`select provider_id from payments where id = ${orderId}`,
    );
    yookassa.fake.succeed(row!.provider_id);
    await shop.app.db.execute(
      sql`update payments set created_at = now() - interval '10 minutes' where id = ${orderId}`,
    );
    await shop.app.payments.reconcile();
    const [paid] = await queryRows<{ status: string }>(
      shop.app.db,
      sql`select status from payments where id = ${orderId}`,
    );
    expect(paid?.status).toBe('paid');
    expect(Number((await state())?.balance)).toBeGreaterThanOrEqual(50_000);
  });
});
