import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreekassaClient } from './freekassa-client';
import { startHarness, type Harness } from './freekassa-test-harness';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('payment link (card)', () => {
  it('carries the amount and its md5 signature over the same string', () => {
    const link = new URL(
      h.client.paymentLink({ orderId: 'ord-42', amountKopecks: 123_450, email: 'a@b.ru' }),
    );
    expect(`${link.origin}${link.pathname}`).toBe(h.provider.payUrl);
    const params = Object.fromEntries(link.searchParams);
    expect(params).toEqual({
      m: '12345',
      oa: '1234.5',
      currency: 'RUB',
      o: 'ord-42',
      s: 'a2b31f7cd2730f3dcc82bb3210b4ce07', // openssl md5 of '12345:1234.5:s3cr3t-one:RUB:ord-42'
      em: 'a@b.ru',
      lang: 'ru',
    });
  });

  it('opens the provider page, pays, notifies the shop and returns to the success page', async () => {
    h.expectedAmounts.set('card-1', 50_000);
    const link = h.client.paymentLink({
      orderId: 'card-1',
      amountKopecks: 50_000,
      email: 'p@x.ru',
    });
    const page = await h.openPage(link);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Оплатить');
    expect(page.html).toContain('Отменить');
    expect(page.html).toContain('card-1');
    expect(page.html).toContain('500 ₽');

    const before = h.received.length;
    const response = await h.press(page.html, 'pay');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `${h.shopOrigin}/payment-success?orderId=card-1&status=success`,
    );
    const check = h.received[before];
    expect(check).toMatchObject({
      ok: true,
      orderId: 'card-1',
      amountKopecks: 50_000,
      email: 'p@x.ru',
    });
    const order = h.provider.fake.orders().find((o) => o.orderId === 'card-1');
    expect(check?.ok && check.providerId).toBe(String(order?.fkOrderId));
    expect(await h.client.orderStatus('card-1')).toBe('paid');
  });

  it('returns to the cancel page on «Отменить», and the order reads as cancelled', async () => {
    const link = h.client.paymentLink({
      orderId: 'card-2',
      amountKopecks: 10_000,
      email: 'p@x.ru',
    });
    const response = await h.press((await h.openPage(link)).html, 'cancel');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `${h.shopOrigin}/payment-cancel?orderId=card-2&status=cancelled`,
    );
    expect(await h.client.orderStatus('card-2')).toBe('cancelled');
  });

  it('does not send the browser to success when the shop refuses the notification', async () => {
    h.expectedAmounts.set('card-3', 1); // the shop's record disagrees with what was paid
    const link = h.client.paymentLink({
      orderId: 'card-3',
      amountKopecks: 20_000,
      email: 'p@x.ru',
    });
    const response = await h.press((await h.openPage(link)).html, 'pay');
    expect(response.status).toBe(502);
    expect(await response.text()).toContain('Магазин не подтвердил платёж');
  });

  it('refuses a tampered link with a Russian error page', async () => {
    const link = new URL(
      h.client.paymentLink({ orderId: 'card-4', amountKopecks: 50_000, email: 'p@x.ru' }),
    );
    link.searchParams.set('oa', '1');
    const tampered = await h.openPage(link.toString());
    expect(tampered.status).toBe(400);
    expect(tampered.html).toContain('Неверная подпись');
    expect(tampered.html).not.toContain('Оплатить');

    link.searchParams.set('oa', '500');
    link.searchParams.set('m', '99999');
    expect((await h.openPage(link.toString())).status).toBe(400);
    // Posting tampered fields straight to the form is refused the same way.
    const forged = await fetch(h.provider.payUrl, {
      method: 'POST',
      body: new URLSearchParams({
        ...Object.fromEntries(link.searchParams),
        m: '12345',
        oa: '1',
        action: 'pay',
      }),
      redirect: 'manual',
    });
    expect(forged.status).toBe(400);
    expect(h.provider.fake.orders().some((o) => o.orderId === 'card-4')).toBe(false);
  });
});

describe('notifications', () => {
  const genuine = (orderId: string) => h.provider.fake.notificationFields(orderId);

  beforeAll(async () => {
    h.expectedAmounts.set('note-1', 75_050);
    const link = h.client.paymentLink({
      orderId: 'note-1',
      amountKopecks: 75_050,
      email: 'n@x.ru',
    });
    await h.press((await h.openPage(link)).html, 'pay');
  });

  it("accepts the provider's genuine notification, also when replayed", async () => {
    expect(genuine('note-1').AMOUNT).toBe('750.5');
    expect(h.client.verifyNotification(genuine('note-1'), '127.0.0.1')).toMatchObject({
      ok: true,
      orderId: 'note-1',
      amountKopecks: 75_050,
    });
    const first = await h.provider.fake.notify('note-1');
    const replay = await h.provider.fake.notify('note-1');
    expect(first).toMatchObject({ status: 200, body: 'YES', accepted: true });
    expect(replay.accepted).toBe(true);
  });

  it('accepts an upper-case SIGN computed independently', () => {
    const fields = genuine('note-1');
    const sign = md5(`12345:${fields.AMOUNT}:s3cr3t-two:note-1`).toUpperCase();
    expect(h.client.verifyNotification({ ...fields, SIGN: sign }, '127.0.0.1').ok).toBe(true);
  });

  it('refuses a forged signature', async () => {
    const forged = genuine('note-1');
    expect(h.client.verifyNotification({ ...forged, AMOUNT: '7505' }, '127.0.0.1')).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(h.client.verifyNotification({ ...forged, SIGN: md5('guess') }, '127.0.0.1')).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    // Over HTTP, the shop does not say YES, so the provider would keep trying.
    expect((await h.provider.fake.notify('note-1', { MERCHANT_ORDER_ID: 'card-1' })).accepted).toBe(
      false,
    );
  });

  it('refuses a notification for another shop', () => {
    const fields: Record<string, string> = { ...genuine('note-1'), MERCHANT_ID: '54321' };
    fields.SIGN = md5(`54321:${fields.AMOUNT}:s3cr3t-two:note-1`);
    expect(h.client.verifyNotification(fields, '127.0.0.1')).toEqual({
      ok: false,
      reason: 'wrong_merchant',
    });
  });

  it('refuses malformed fields', () => {
    const fields: Record<string, unknown> = genuine('note-1');
    const variants: Array<Record<string, unknown>> = [
      { ...fields, SIGN: undefined },
      { ...fields, intid: '' },
      { ...fields, MERCHANT_ORDER_ID: ['note-1', 'card-1'] },
      { ...fields, AMOUNT: '-750.5' },
      { ...fields, AMOUNT: '7.505e2' },
      { ...fields, P_EMAIL: { a: 1 } },
      {},
    ];
    for (const variant of variants) {
      expect(h.client.verifyNotification(variant, '127.0.0.1')).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
  });

  it('refuses an address outside the allowed list, and reads IPv4-mapped addresses', () => {
    const strict = createFreekassaClient({ ...h.settings, allowedIps: ['168.119.157.136'] });
    const fields = genuine('note-1');
    expect(strict.verifyNotification(fields, '127.0.0.1')).toEqual({
      ok: false,
      reason: 'forbidden_address',
    });
    expect(strict.verifyNotification(fields, '::ffff:168.119.157.136').ok).toBe(true);
    expect(strict.verifyNotification(fields, '168.119.157.136').ok).toBe(true);
  });
});
