import { createHmac } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreekassaClient, FreekassaError } from './freekassa-client';
import { startHarness, type Harness } from './freekassa-test-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('SBP orders through the API', () => {
  const countOf = (orderId: string) =>
    h.provider.fake.orders().filter((o) => o.orderId === orderId).length;

  it('creates one order, returns its location, and reuses it on retry', async () => {
    const input = {
      orderId: 'sbp-1',
      amountKopecks: 30_000,
      email: 's@x.ru',
      ip: '::ffff:203.0.113.7',
    };
    const { location } = await h.client.createSbpOrder(input);
    expect(location.startsWith(h.provider.payUrl)).toBe(true);
    expect((await h.client.createSbpOrder(input)).location).toBe(location);
    expect(countOf('sbp-1')).toBe(1);
    const order = h.provider.fake.orders().find((o) => o.orderId === 'sbp-1');
    expect(order).toMatchObject({ amount: '300', methodId: 44, email: 's@x.ru' });

    const page = await h.openPage(location);
    expect(page.status).toBe(200);
    expect(page.html).toContain('СБП');
    expect(await h.client.orderStatus('sbp-1')).toBe('new');
  });

  it('never makes a duplicate, even after a restart or with concurrent calls', async () => {
    const input = { orderId: 'sbp-2', amountKopecks: 12_345, email: 's@x.ru', ip: '203.0.113.7' };
    const [a, b] = await Promise.all([
      h.client.createSbpOrder(input),
      h.client.createSbpOrder(input),
    ]);
    expect(a.location).toBe(b.location);
    const restarted = createFreekassaClient(h.settings);
    await expect(restarted.createSbpOrder(input)).rejects.toMatchObject({ reason: 'order_exists' });
    h.provider.fake.setStatus('sbp-2', 'paid');
    await expect(restarted.createSbpOrder(input)).rejects.toMatchObject({ reason: 'already_paid' });
    expect(countOf('sbp-2')).toBe(1);
  });

  it('pays through the location and notifies with the SBP method', async () => {
    h.expectedAmounts.set('sbp-3', 99_990);
    const input = { orderId: 'sbp-3', amountKopecks: 99_990, email: 's@x.ru', ip: '203.0.113.7' };
    const { location } = await h.client.createSbpOrder(input);
    const before = h.received.length;
    const response = await h.press((await h.openPage(location)).html, 'pay');
    expect(response.headers.get('location')).toBe(
      `${h.shopOrigin}/payment-success?orderId=sbp-3&status=success`,
    );
    expect(h.received[before]).toMatchObject({ ok: true, orderId: 'sbp-3', amountKopecks: 99_990 });
    expect(h.provider.fake.notificationFields('sbp-3')).toMatchObject({
      AMOUNT: '999.9',
      CUR_ID: '44',
    });
  });

  it('reads every status the h.provider reports', async () => {
    await h.client.createSbpOrder({
      orderId: 'sbp-4',
      amountKopecks: 1000,
      email: 's@x.ru',
      ip: '203.0.113.7',
    });
    for (const status of ['refunded', 'error', 'cancelled', 'paid', 'new'] as const) {
      h.provider.fake.setStatus('sbp-4', status);
      expect(await h.client.orderStatus('sbp-4')).toBe(status);
    }
    expect(await h.client.orderStatus('no-such-order')).toBe('unknown');
  });
});

describe('API authentication', () => {
  it('signs each body as documented and uses a rising nonce; the h.provider refuses a replay', async () => {
    const sent: Array<{ url: string; body: string }> = [];
    const recording = createFreekassaClient(h.settings, {
      fetchImpl: (input, init) => {
        sent.push({
          url: input instanceof Request ? input.url : input.toString(),
          body: typeof init?.body === 'string' ? init.body : '',
        });
        return fetch(input, init);
      },
    });
    await recording.orderStatus('sbp-1');
    await recording.orderStatus('sbp-1');
    const [first, second] = sent.map(
      (request) => JSON.parse(request.body) as Record<string, unknown>,
    );
    expect(Number(second?.nonce)).toBeGreaterThan(Number(first?.nonce));
    // Recomputed by hand: values in key order amount..shopId, joined with "|".
    const { signature, ...signed } = first ?? {};
    const payload = [signed.nonce, signed.paymentId, signed.shopId].join('|');
    expect(Object.keys(signed).sort()).toEqual(['nonce', 'paymentId', 'shopId']);
    expect(signature).toBe(createHmac('sha256', 'api-key-xyz').update(payload).digest('hex'));

    // The latest request sent again (same nonce), and an older one: both refused.
    for (const request of [sent[1], sent[0]]) {
      const replay = await fetch(request?.url ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: request?.body,
      });
      expect(replay.status).toBe(400);
      expect(await replay.json()).toMatchObject({ type: 'error' });
    }
  });

  it('turns refusals, dead hosts and silence into typed errors', async () => {
    const wrongKey = createFreekassaClient({ ...h.settings, apiKey: 'not-the-key' });
    await expect(wrongKey.orderStatus('sbp-1')).rejects.toMatchObject({ reason: 'api_error' });

    const silent = Fastify();
    silent.post('/v1/orders', () => new Promise(() => {}));
    await silent.listen({ port: 0, host: '127.0.0.1' });
    const address = silent.server.address();
    const port = address && typeof address !== 'string' ? address.port : 0;
    const slow = createFreekassaClient(
      { ...h.settings, apiUrl: `http://127.0.0.1:${port}` },
      { timeoutMs: 100 },
    );
    await expect(slow.orderStatus('x')).rejects.toMatchObject({ reason: 'timeout' });
    await silent.close();

    const dead = createFreekassaClient({ ...h.settings, apiUrl: `http://127.0.0.1:${port}` });
    const error = await dead.orderStatus('x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FreekassaError);
    expect(error).toMatchObject({ reason: 'unreachable' });
  });
});
