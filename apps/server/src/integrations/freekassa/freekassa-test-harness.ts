import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import { pressOnPage } from '../../test-support/provider-page';
import { startFakeFreekassa, type FakeFreekassaServer } from './fake-freekassa-server';
import {
  createFreekassaClient,
  type FreekassaClient,
  type FreekassaSettings,
  type NotificationCheck,
} from './freekassa-client';

export const SECRETS = {
  shopId: '12345',
  secret1: 's3cr3t-one',
  secret2: 's3cr3t-two',
  apiKey: 'api-key-xyz',
};

export interface Harness {
  provider: FakeFreekassaServer;
  shopOrigin: string;
  client: FreekassaClient;
  settings: FreekassaSettings;
  /** What the shop's notify endpoint saw. */
  received: NotificationCheck[];
  /** The amounts the shop expects per order (standing in for its database). */
  expectedAmounts: Map<string, number>;
  /** Opens a provider page as a browser would. */
  openPage(url: string): Promise<{ status: number; html: string }>;
  /** Presses a button on a provider page: its hidden fields plus the button's value. */
  press(html: string, action: 'pay' | 'cancel'): Promise<Response>;
  close(): Promise<void>;
}

/**
 * FreeKassa's stand-in and a minimal shop side on loopback: the shop's notify endpoint runs the real
 * verifyNotification and answers YES only to a verified notification of the amount it expects.
 */
export async function startHarness(): Promise<Harness> {
  const received: NotificationCheck[] = [];
  const expectedAmounts = new Map<string, number>();
  // Filled in once the provider's URLs are known; the shop only starts receiving after that.
  const holder: { client?: FreekassaClient } = {};

  const shop = Fastify();
  await shop.register(formbody);
  shop.post('/api/payments/freekassa/notify', async (request, reply) => {
    if (!holder.client) return reply.status(503).send('not ready');
    const check = holder.client.verifyNotification(
      request.body as Record<string, unknown>,
      request.ip,
    );
    received.push(check);
    if (!check.ok) return reply.status(400).send(check.reason);
    if (expectedAmounts.get(check.orderId) !== check.amountKopecks) {
      return reply.status(400).send('wrong amount');
    }
    return reply.type('text/plain').send('YES');
  });
  await shop.listen({ port: 0, host: '127.0.0.1' });
  const address = shop.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const shopOrigin = `http://127.0.0.1:${address.port}`;

  const provider = await startFakeFreekassa({
    settings: SECRETS,
    notifyUrl: () => `${shopOrigin}/api/payments/freekassa/notify`,
    successUrl: () => `${shopOrigin}/payment-success`,
    failUrl: () => `${shopOrigin}/payment-cancel`,
  });
  const settings: FreekassaSettings = {
    ...SECRETS,
    payUrl: provider.payUrl,
    apiUrl: provider.apiUrl,
    allowedIps: [],
  };
  const client = createFreekassaClient(settings);
  holder.client = client;

  return {
    provider,
    shopOrigin,
    client,
    settings,
    received,
    expectedAmounts,
    async openPage(url) {
      const response = await fetch(url);
      return { status: response.status, html: await response.text() };
    },
    press: (html, action) => pressOnPage(provider.origin, html, action),
    async close() {
      await provider.close();
      await shop.close();
    },
  };
}
