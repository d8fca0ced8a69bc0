import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCryptopayClient } from './cryptopay-client';
import { createCryptopayProvider } from './cryptopay-provider';
import { isGenuineSignature, webhookSignature } from './cryptopay-signature';
import { startFakeCryptopay, type FakeCryptopayServer } from './fake-cryptopay-server';

const TOKEN = '31337:AAzQcZWQqQAbsfgPnOLr4FHC8Doa4L7KryC';
let cp: FakeCryptopayServer;
const settings = () => ({ token: TOKEN, apiUrl: cp.apiUrl, assets: ['USDT', 'TON'] });
const noWait = { sleep: () => Promise.resolve() };
const invoice = (kopecks: number) => ({
  paymentId: '6f1c1e0e-0000-4000-8000-00000000000a',
  amountKopecks: kopecks,
  methodId: 'crypto',
  email: 'p@x.ru',
  buyerIp: '203.0.113.7',
  description: 'Пополнение баланса',
  returnUrl: 'https://shop.example/payment-success',
});

beforeAll(async () => {
  cp = await startFakeCryptopay({ token: TOKEN, notifyUrl: () => 'http://127.0.0.1:9/none' });
});
afterAll(() => cp.close());

describe('Crypto Pay against the stand-in', () => {
  it('makes a rouble invoice payable in the allowed assets, with our id as payload', async () => {
    const provider = createCryptopayProvider(settings(), noWait);
    const created = await provider.createPayment(invoice(123_450));
    const stored = cp.fake
      .invoices()
      .find((item) => String(item.invoice_id) === created.providerPaymentId);
    expect(stored).toMatchObject({
      currency_type: 'fiat',
      fiat: 'RUB',
      amount: '1234.50',
      accepted_assets: ['USDT', 'TON'],
      payload: invoice(0).paymentId,
      status: 'active',
    });
    expect(created.redirectUrl).toBe(stored?.web_app_invoice_url);
    // The same payment again is the same invoice, not a second one.
    expect((await provider.createPayment(invoice(123_450))).providerPaymentId).toBe(
      created.providerPaymentId,
    );
  });

  it('reads paid, active and expired invoices (expired shows as cancelled)', async () => {
    const provider = createCryptopayProvider(settings(), noWait);
    const client = createCryptopayClient(settings(), noWait);
    const make = () =>
      client.createInvoice({
        amountKopecks: 50_000,
        description: 'x',
        payload: 'p',
        returnUrl: 'https://shop.example/',
        expiresInSeconds: 60,
      });
    const [paid, active, expired] = [await make(), await make(), await make()];
    cp.fake.pay(paid.invoice_id, 'TON');
    cp.fake.expire(expired.invoice_id);
    const read = (id: number) =>
      provider.readPayment({ paymentId: 'p', providerPaymentId: String(id) });
    expect(await read(paid.invoice_id)).toMatchObject({
      status: 'paid',
      amountKopecks: 50_000,
      paymentId: 'p',
    });
    expect((await read(active.invoice_id)).status).toBe('pending');
    expect((await read(expired.invoice_id)).status).toBe('cancelled');
    expect((await read(999_999_999)).status).toBe('unknown');
  });

  it('retries reads through 429 and a proxy 502, and a creation only through 429', async () => {
    const provider = createCryptopayProvider(settings(), noWait);
    cp.fake.failNext(1, '429');
    const created = await provider.createPayment({ ...invoice(10_000), paymentId: 'b-1' });
    cp.fake.failNext(1, '429');
    cp.fake.failNext(1, '502');
    expect(
      (
        await provider.readPayment({
          paymentId: 'b-1',
          providerPaymentId: created.providerPaymentId,
        })
      ).status,
    ).toBe('pending');
    const before = cp.fake.invoices().length;
    cp.fake.failNext(1, '502');
    await expect(
      provider.createPayment({ ...invoice(10_000), paymentId: 'b-2' }),
    ).rejects.toMatchObject({
      reason: 'server_error',
    });
    expect(cp.fake.invoices().length).toBe(before);
    expect(provider.health().lastError).toContain('server_error');
  });

  it('checks the webhook signature: HMAC-SHA-256 of the raw body keyed with SHA-256 of the token', () => {
    const body = '{"update_id":1,"update_type":"invoice_paid","payload":{"invoice_id":7}}';
    const independent = createHmac('sha256', createHash('sha256').update(TOKEN).digest())
      .update(body)
      .digest('hex');
    expect(webhookSignature(TOKEN, body)).toBe(independent);
    expect(isGenuineSignature(TOKEN, body, independent.toUpperCase())).toBe(true);
    expect(isGenuineSignature(TOKEN, `${body} `, independent)).toBe(false);
    expect(isGenuineSignature(TOKEN, body, undefined)).toBe(false);
    expect(isGenuineSignature(TOKEN, body, ['a', 'b'])).toBe(false);
    const provider = createCryptopayProvider(settings());
    const headers = { 'crypto-pay-api-signature': independent };
    expect(
      provider.verifyNotification({
        rawBody: body,
        body: JSON.parse(body),
        headers,
        sourceIp: '1.2.3.4',
      }),
    ).toMatchObject({ ok: true, event: 'paid', providerPaymentId: '7' });
  });
});
