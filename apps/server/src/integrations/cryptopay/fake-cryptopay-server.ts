import Fastify from 'fastify';
import { registerFakeCryptopay, type FakeCryptopay } from './fake-cryptopay';

export interface FakeCryptopayServer {
  origin: string;
  /** For CRYPTOPAY_API_URL. */
  apiUrl: string;
  fake: FakeCryptopay;
  close(): Promise<void>;
}

/** The Crypto Pay stand-in on its own loopback port, as the shop meets Crypto Pay (tests). */
export async function startFakeCryptopay(options: {
  token: string;
  notifyUrl: () => string;
}): Promise<FakeCryptopayServer> {
  const app = Fastify();
  let origin = '';
  const fake = registerFakeCryptopay(app, {
    prefix: '/cp',
    token: options.token,
    notifyUrl: options.notifyUrl,
    publicUrl: () => origin,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  origin = `http://127.0.0.1:${address.port}`;
  return { origin, apiUrl: `${origin}/cp/api`, fake, close: () => app.close() };
}
