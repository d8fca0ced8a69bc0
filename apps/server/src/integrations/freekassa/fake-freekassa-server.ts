import Fastify from 'fastify';
import formbody from '@fastify/formbody';
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
  const app = Fastify();
  await app.register(formbody);
  let origin = '';
  const fake = registerFakeFreekassa(app, {
    prefix: '/fk',
    settings: options.settings,
    notifyUrl: options.notifyUrl,
    successUrl: options.successUrl,
    failUrl: options.failUrl,
    publicUrl: () => origin,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    payUrl: `${origin}/fk/pay`,
    apiUrl: `${origin}/fk/api`,
    fake,
    close: () => app.close(),
  };
}
