import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import {
  registerFakeOpenIdProvider,
  type FakeOpenIdProvider,
} from '../integrations/steam/fake-openid-provider';
import { registerFakeSteamApi } from '../integrations/steam/fake-steam-api';

export interface FakeSteam {
  /** The OpenID endpoint. */
  url: string;
  /** Base of the Web API stand-in (GetPlayerSummaries for the demo accounts). */
  apiUrl: string;
  provider: FakeOpenIdProvider;
  /** How many check_authentication requests reached the provider. */
  checks(): number;
  close(): Promise<void>;
}

/** Steam's stand-ins (OpenID provider, Web API) on their own loopback port, as the shop meets Steam. */
export async function startFakeSteam(): Promise<FakeSteam> {
  const app: FastifyInstance = Fastify();
  await app.register(formbody);
  let checks = 0;
  app.addHook('onRequest', async (request) => {
    if (request.method === 'POST') checks += 1;
  });
  let url = '';
  let origin = '';
  registerFakeSteamApi(app, '/api', () => origin);
  const provider = registerFakeOpenIdProvider(app, {
    path: '/openid/login',
    endpointUrl: () => url,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  origin = `http://127.0.0.1:${address.port}`;
  url = `${origin}/openid/login`;
  return { url, apiUrl: `${origin}/api`, provider, checks: () => checks, close: () => app.close() };
}
