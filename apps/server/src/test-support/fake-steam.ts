import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import {
  registerFakeOpenIdProvider,
  type FakeOpenIdProvider,
} from '../integrations/steam/fake-openid-provider';

export interface FakeSteam {
  url: string;
  provider: FakeOpenIdProvider;
  /** How many check_authentication requests reached the provider. */
  checks(): number;
  close(): Promise<void>;
}

/** Steam's OpenID provider stand-in on its own loopback port, as the shop would meet Steam. */
export async function startFakeSteam(): Promise<FakeSteam> {
  const app: FastifyInstance = Fastify();
  await app.register(formbody);
  let checks = 0;
  app.addHook('onRequest', async (request) => {
    if (request.method === 'POST') checks += 1;
  });
  let url = '';
  const provider = registerFakeOpenIdProvider(app, {
    path: '/openid/login',
    endpointUrl: () => url,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}/openid/login`;
  return { url, provider, checks: () => checks, close: () => app.close() };
}
