import type { FastifyInstance } from 'fastify';
import { DEMO_OPENID_PATH, DEMO_STEAM_API_PATH, type Config } from '../../config';
import { registerFakeOpenIdProvider } from '../../integrations/steam/fake-openid-provider';
import { registerFakeSteamApi } from '../../integrations/steam/fake-steam-api';

/**
 * Demo mode only, mounted at the root (the paths carry /api): the Steam stand-ins (OpenID provider and Web API) mounted in the shop itself, so
 * the shop's real Steam code runs against them over HTTP with no Steam account needed.
 */
export default async function demoRoutes(app: FastifyInstance, { config }: { config: Config }) {
  registerFakeOpenIdProvider(app, {
    path: DEMO_OPENID_PATH,
    endpointUrl: () => config.publicUrl + DEMO_OPENID_PATH,
  });
  registerFakeSteamApi(app, DEMO_STEAM_API_PATH, () => config.publicUrl);
}
