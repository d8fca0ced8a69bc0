import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createYookassaProvider } from './yookassa-provider';
import { createYookassaClient, YookassaError } from './yookassa-client';
import { startFakeYookassa, type FakeYookassaServer } from './fake-yookassa-server';

const MERCHANT = { shopId: '506751', secretKey: 'test_secret_key_0123456789' };
let yk: FakeYookassaServer;
const settings = () => ({ ...MERCHANT, apiUrl: yk.apiUrl, allowedIps: [] });
const noWait = { sleep: () => Promise.resolve() };
const payment = (kopecks: number) => ({
  amountKopecks: kopecks,
  methodType: 'sbp' as const,
  description: 'Пополнение баланса',
  returnUrl: 'https://shop.example/payment-success',
  metadata: { paymentId: '6f1c1e0e-0000-4000-8000-000000000001' },
});

beforeAll(async () => {
  yk = await startFakeYookassa({ ...MERCHANT, notifyUrl: () => 'http://127.0.0.1:9/none' });
});
afterAll(() => yk.close());

describe('YooKassa client against the stand-in', () => {
  it('signs in with Basic auth and sends amounts as rouble strings', async () => {
    const client = createYookassaClient(settings(), noWait);
    const created = await client.createPayment(payment(12_345), 'key-amounts');
    expect(created).toMatchObject({
      status: 'pending',
      amount: { value: '123.45', currency: 'RUB' },
    });
    expect(created.confirmation?.confirmation_url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/yk\/checkout\//,
    );
    expect((await client.getPayment(created.id)).payment_method?.type).toBe('sbp');
    const stranger = createYookassaClient({ ...settings(), secretKey: 'test_wrong' }, noWait);
    await expect(stranger.getPayment(created.id)).rejects.toMatchObject({
      reason: 'unauthorized',
      code: 'invalid_credentials',
    });
  });

  it('gets the same payment for the same Idempotence-Key, and refuses the key with another body', async () => {
    const client = createYookassaClient(settings(), noWait);
    const first = await client.createPayment(payment(50_000), 'key-same');
    const again = await client.createPayment(payment(50_000), 'key-same');
    expect(again.id).toBe(first.id);
    await expect(client.createPayment(payment(60_000), 'key-same')).rejects.toMatchObject({
      reason: 'api_error',
      status: 400,
      code: 'invalid_request',
    });
  });

  it('asks again with the same key after 500, 202 and 429, creating one payment', async () => {
    const client = createYookassaClient(settings(), noWait);
    const before = yk.fake.created;
    yk.fake.failNext(1, '500');
    yk.fake.failNext(1, '202');
    const made = await client.createPayment(payment(70_000), 'key-retried');
    expect(yk.fake.created).toBe(before + 1);
    yk.fake.failNext(1, '429');
    expect((await client.getPayment(made.id)).id).toBe(made.id);
  });

  it('gives up after its attempts with a typed error, never a raw one', async () => {
    const client = createYookassaClient(settings(), { ...noWait, attempts: 2 });
    yk.fake.failNext(2, '500');
    await expect(client.createPayment(payment(1_000), 'key-down')).rejects.toBeInstanceOf(
      YookassaError,
    );
    const nowhere = createYookassaClient(
      { ...settings(), apiUrl: 'http://127.0.0.1:9/v3' },
      noWait,
    );
    await expect(nowhere.getPayment('x')).rejects.toMatchObject({ reason: 'unreachable' });
  });

  it('lists refunds page by page and reports only whole refunds as sums per payment', async () => {
    const provider = createYookassaProvider(settings(), noWait);
    const since = new Date(Date.now() - 1000);
    const ids: string[] = [];
    for (const kopecks of [10_000, 20_000, 30_000]) {
      const made = await provider.client.createPayment(payment(kopecks), `key-refund-${kopecks}`);
      yk.fake.succeed(made.id);
      ids.push(made.id);
    }
    yk.fake.refund(ids[0]!);
    yk.fake.refund(ids[1]!, 5_000);
    yk.fake.refund(ids[1]!, 15_000);
    yk.fake.refund(ids[2]!, 1_000);
    const reported = await provider.listReversals(since);
    expect(new Map(reported.map((item) => [item.providerPaymentId, item.amountKopecks]))).toEqual(
      new Map([
        [ids[0], 10_000],
        [ids[1], 20_000],
        [ids[2], 1_000],
      ]),
    );
    expect(
      await provider.readPayment({ paymentId: 'x', providerPaymentId: ids[1]! }),
    ).toMatchObject({ status: 'refunded', amountKopecks: 20_000 });
    expect(provider.health().lastSuccessAt).toBeInstanceOf(Date);
  });

  it('accepts notifications only from the allowed addresses and CIDR ranges', () => {
    const provider = createYookassaProvider({
      ...settings(),
      allowedIps: ['185.71.76.0/27', '77.75.156.11', '2a02:5180::/32'],
    });
    const body = { type: 'notification', event: 'payment.succeeded', object: { id: 'p1' } };
    const from = (sourceIp: string) =>
      provider.verifyNotification({ rawBody: '', body, headers: {}, sourceIp }).ok;
    expect(from('185.71.76.31')).toBe(true);
    expect(from('::ffff:185.71.76.5')).toBe(true);
    expect(from('77.75.156.11')).toBe(true);
    expect(from('2a02:5180:0:1::7')).toBe(true);
    expect(from('185.71.76.32')).toBe(false);
    expect(from('77.75.156.12')).toBe(false);
    expect(from('not-an-address')).toBe(false);
  });
});
