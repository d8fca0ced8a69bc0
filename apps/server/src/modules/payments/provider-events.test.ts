import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProviderShop, type ProviderShop } from '../../test-support/provider-shop';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';

/** YooKassa's and Crypto Pay's events beyond a plain credit: cancels, refunds, expiry, failures. */
let money: ProviderShop;
let player: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  money = await startProviderShop();
  player = await createAccount(money.shop.app, money.shop.config);
});
afterAll(() => money?.close());

const app = () => money.shop.app;
const create = (payload: Record<string, unknown>) =>
  app().inject({
    method: 'POST',
    url: '/api/payments/create',
    headers: player.headers,
    payload: { amount: 500, email: 'player@example.com', ...payload },
  });

async function row(orderId: string) {
  const [found] = await queryRows<{
    status: string;
    provider: string;
    method: string;
    provider_id: string;
  }>(
    app().db,
    sql`select status, provider, method, provider_id from payments where id = ${orderId}`,
  );
  return found!;
}

const paymentCount = async () =>
  (await queryRows<{ n: number }>(app().db, sql`select count(*)::int as n from payments`))[0]?.n;

describe('YooKassa', () => {
  it('opens a payment of the chosen method and sends the browser to its confirmation_url', async () => {
    const reply = await create({ method: 'yookassa', paymentSystemId: 'sberbank' });
    expect(reply.statusCode).toBe(200);
    const { url, orderId } = reply.json<{ url: string; orderId: string }>();
    const stored = await row(orderId);
    expect(stored).toMatchObject({ provider: 'yookassa', method: 'sberbank', status: 'pending' });
    const payment = money.yookassa.fake.get(stored.provider_id)!;
    expect(url).toBe(payment.confirmation?.confirmation_url);
    expect(payment).toMatchObject({
      amount: { value: '500.00', currency: 'RUB' },
      metadata: { paymentId: orderId },
      payment_method: { type: 'sberbank' },
      confirmation: {
        return_url: `${money.shop.config.publicUrl}/payment-success?orderId=${orderId}`,
      },
    });
  });

  it('closes a payment YooKassa reports canceled, crediting nothing', async () => {
    const { orderId } = (await create({ method: 'yookassa', paymentSystemId: 'sbp' })).json();
    const theirs = (await row(orderId)).provider_id;
    money.yookassa.fake.cancel(theirs);
    expect((await money.yookassa.fake.notify('payment.canceled', theirs)).status).toBe(200);
    expect((await row(orderId)).status).toBe('cancelled');
    const status = await app().inject({
      url: `/api/payments/${orderId}/status`,
      headers: player.headers,
    });
    expect(status.json()).toMatchObject({ paid: false, status: 'cancelled' });
  });

  it('reverses at once on refund.succeeded when the refund covers the payment, and not for a partial one', async () => {
    const open = async () => {
      const { orderId } = (
        await create({ method: 'yookassa', paymentSystemId: 'bank_card' })
      ).json();
      const theirs = (await row(orderId)).provider_id;
      money.yookassa.fake.succeed(theirs);
      expect((await money.yookassa.fake.notify('payment.succeeded', theirs)).status).toBe(200);
      return { orderId, theirs };
    };
    const reversals = async (orderId: string) =>
      (
        await queryRows<{ n: number }>(
          app().db,
          sql`select count(*)::int as n from payment_reversals where payment_id = ${orderId}`,
        )
      )[0]?.n;
    const whole = await open();
    money.yookassa.fake.refund(whole.theirs);
    expect((await money.yookassa.fake.notify('refund.succeeded', whole.theirs)).status).toBe(200);
    expect(await reversals(whole.orderId)).toBe(1);
    // Repeated and then found again by the job: still one reversal.
    expect((await money.yookassa.fake.notify('refund.succeeded', whole.theirs)).status).toBe(200);
    await app().payments.reconcile();
    expect(await reversals(whole.orderId)).toBe(1);

    const part = await open();
    money.yookassa.fake.refund(part.theirs, 10_000);
    expect((await money.yookassa.fake.notify('refund.succeeded', part.theirs)).status).toBe(200);
    await app().payments.reconcile();
    expect(await reversals(part.orderId)).toBe(0);
  });

  it('answers 502 and keeps nothing when YooKassa keeps failing, and refuses a method it lacks', async () => {
    const before = await paymentCount();
    money.yookassa.fake.failNext(3, '500');
    const failed = await create({ method: 'yookassa', paymentSystemId: 'bank_card' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe('Не удалось создать платеж');
    const unknown = await create({ method: 'yookassa', paymentSystemId: 'qiwi' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Этот способ оплаты сейчас недоступен. Выберите другой.');
    expect((await create({ method: 'yookassa' })).json().message).toBe('Выберите способ оплаты');
    expect(await paymentCount()).toBe(before);
  });
});

describe('a player watching the return page', () => {
  it.each([
    ['yookassa', 'bank_card'],
    ['cryptopay', undefined],
  ])(
    'credits a %s payment whose notification never came, once',
    async (method, paymentSystemId) => {
      const { orderId } = (await create({ method, paymentSystemId })).json();
      const theirs = (await row(orderId)).provider_id;
      const status = () =>
        app().inject({ url: `/api/payments/${orderId}/status`, headers: player.headers });
      expect((await status()).json()).toMatchObject({ paid: false, status: 'pending' });
      if (method === 'yookassa') money.yookassa.fake.succeed(theirs);
      else money.cryptopay.fake.pay(Number(theirs));
      // Asked at most every 5 s: the next poll after that finds it paid.
      const asked = Date.now();
      let reply = await status();
      while (!reply.json<{ paid: boolean }>().paid && Date.now() - asked < 8_000) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        reply = await status();
      }
      expect(reply.json()).toMatchObject({ paid: true, status: 'paid' });
      await Promise.all(Array.from({ length: 5 }, status));
      const rows = await queryRows<{ n: number }>(
        app().db,
        sql`select count(*)::int as n from transactions where payment_id = ${orderId} and kind = 'topup'`,
      );
      expect(rows[0]?.n).toBe(1);
    },
  );
});

describe('Crypto Pay', () => {
  it('opens a fiat rouble invoice and shows an expired one as cancelled', async () => {
    const reply = await create({ method: 'cryptopay', amount: 750.5 });
    expect(reply.statusCode).toBe(200);
    const { orderId, url } = reply.json<{ orderId: string; url: string }>();
    const stored = await row(orderId);
    expect(stored).toMatchObject({ provider: 'cryptopay', method: 'crypto' });
    const invoice = money.cryptopay.fake
      .invoices()
      .find((item) => String(item.invoice_id) === stored.provider_id);
    expect(invoice).toMatchObject({
      currency_type: 'fiat',
      fiat: 'RUB',
      amount: '750.50',
      payload: orderId,
    });
    expect(url).toBe(invoice?.web_app_invoice_url);
    money.cryptopay.fake.expire(invoice!.invoice_id);
    await money.shop.database.db.execute(
      sql`update payments set created_at = now() - interval '10 minutes' where id = ${orderId}`,
    );
    await app().payments.reconcile();
    expect((await row(orderId)).status).toBe('cancelled');
  });

  it('credits through a 502 of getInvoices: the client asks again', async () => {
    const { orderId } = (await create({ method: 'cryptopay' })).json();
    const id = Number((await row(orderId)).provider_id);
    money.cryptopay.fake.pay(id, 'TON');
    money.cryptopay.fake.failNext(1, '502');
    expect((await money.cryptopay.fake.notify(id)).status).toBe(200);
    expect((await row(orderId)).status).toBe('paid');
  });
});

describe('notification endpoints', () => {
  it('answer odd bodies with a 4xx, never a 5xx, and credit nothing', async () => {
    const before = await queryRows<{ n: number }>(
      app().db,
      sql`select count(*)::int as n from transactions`,
    );
    const deep = `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`;
    const bodies: Array<[string, string]> = [
      ['application/json', '{}'],
      ['application/json', '[]'],
      ['application/json', 'null'],
      ['application/json', '{"type":"notification"'],
      ['application/json', deep],
      [
        'application/json',
        `{"type":"notification","event":"payment.succeeded","object":{"id":{"$gt":""},"metadata":{"paymentId":["a"]}}}`,
      ],
      ['application/json', '{"update_type":"invoice_paid","payload":{"invoice_id":1e400}}'],
      ['application/json', `{"type":"\u0000","event":"${'x'.repeat(100_000)}"}`],
      ['application/x-www-form-urlencoded', 'type=notification&event=payment.succeeded&object=1'],
      ['text/plain', 'hello'],
    ];
    for (const provider of ['yookassa', 'cryptopay', 'freekassa']) {
      for (const [type, payload] of bodies) {
        const reply = await app().inject({
          method: 'POST',
          url: `/api/payments/${provider}/notify`,
          headers: { 'content-type': type, 'crypto-pay-api-signature': 'ab'.repeat(32) },
          payload,
        });
        expect(reply.statusCode, `${provider} ${payload.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(reply.statusCode, `${provider} ${payload.slice(0, 40)}`).toBeLessThan(500);
      }
    }
    const after = await queryRows<{ n: number }>(
      app().db,
      sql`select count(*)::int as n from transactions`,
    );
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it("keep each provider's health: last success, and an outage as the last error", async () => {
    const cryptopay = app().paymentProviders.get('cryptopay')!;
    money.cryptopay.fake.failNext(3, '502');
    await app().payments.reconcile();
    expect(cryptopay.health().lastError).toContain('server_error');
    await app().payments.reconcile();
    const health = cryptopay.health();
    expect(health.lastSuccessAt!.getTime()).toBeGreaterThan(health.lastErrorAt!.getTime());
  });
});
