import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import {
  registerFakeOpenIdProvider,
  type FakeOpenIdProvider,
} from '../integrations/steam/fake-openid-provider';
import { registerFakeSteamApi, type FakeSteamPlayer } from '../integrations/steam/fake-steam-api';
import { demoPlayers } from '../integrations/steam/demo-players';

export interface FakeSteam {
  /** The OpenID endpoint. */
  url: string;
  /** Base of the Web API stand-in (GetPlayerSummaries for the demo accounts). */
  apiUrl: string;
  provider: FakeOpenIdProvider;
  /** Players the Web API stand-in knows (the demo accounts to start with); tests add their own. */
  players: FakeSteamPlayer[];
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
  const players: FakeSteamPlayer[] = [...demoPlayers];
  registerFakeSteamApi(app, '/api', () => origin, players);
  const provider = registerFakeOpenIdProvider(app, {
    path: '/openid/login',
    endpointUrl: () => url,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  origin = `http://127.0.0.1:${address.port}`;
  url = `${origin}/openid/login`;
  return {
    url,
    apiUrl: `${origin}/api`,
    provider,
    players,
    checks: () => checks,
    close: () => app.close(),
  };
}

/**
 * The whole browser sign-in against the fake provider: Steam's return, then the web app trading the
 * one-time code from the address fragment for a session token.
 */
export async function signInThroughSteam(
  shop: FastifyInstance,
  provider: FakeOpenIdProvider,
  steamId: string,
  returnTo: string,
): Promise<string> {
  // The browser's part: a state it keeps, carried through Steam and shown again with the code.
  const state = randomBytes(32).toString('base64url');
  const query = new URLSearchParams(provider.assert(steamId, `${returnTo}?state=${state}`));
  const response = await shop.inject({
    method: 'GET',
    url: `/api/auth/steam/return?${query.toString()}`,
  });
  const code = new URLSearchParams(new URL(String(response.headers.location)).hash.slice(1)).get(
    'signin',
  );
  if (!code) throw new Error(`sign-in failed: ${response.headers.location}`);
  const exchange = await shop.inject({
    method: 'POST',
    url: '/api/auth/exchange',
    payload: { code, state },
  });
  if (exchange.statusCode !== 200) throw new Error(`code exchange failed: ${exchange.body}`);
  return exchange.json<{ token: string }>().token;
}
