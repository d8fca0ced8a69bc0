import formbody from '@fastify/formbody';
import { startLoopbackFake } from '../payments/loopback-server';
import { registerFakeFreekassa, type FakeFreekassa } from './fake-freekassa';
import type { FreekassaSettings } from './freekassa-client';

export interface FakeFreekassaServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** For FREEKASSA_PAY_URL. */
  payUrl: string;
  /** For FREEKASSA_API_URL (the client appends /v1/...). */
  apiUrl: string;
  fake: FakeFreekassa;
  close(): Promise<void>;
}

/** The FreeKassa stand-in on its own loopback port, as the shop meets FreeKassa (tests, e2e). */
export async function startFakeFreekassa(options: {
  settings: Pick<FreekassaSettings, 'shopId' | 'secret1' | 'secret2' | 'apiKey'>;
  notifyUrl: () => string;
  successUrl: () => string;
  failUrl: () => string;
}): Promise<FakeFreekassaServer> {
  const { origin, fake, close } = await startLoopbackFake(async (app, publicUrl) => {
    // Its payment page's buttons post form fields; in demo mode the shop registers this itself.
    await app.register(formbody);
    return registerFakeFreekassa(app, {
      prefix: '/fk',
      settings: options.settings,
      notifyUrl: options.notifyUrl,
      successUrl: options.successUrl,
      failUrl: options.failUrl,
      publicUrl,
    });
  });
  return { origin, payUrl: `${origin}/fk/pay`, apiUrl: `${origin}/fk/api`, fake, close };
}
