import type { FastifyInstance } from 'fastify';
import { demoPlayers } from './demo-players';

/**
 * Steam Web API's GetPlayerSummaries for the demo accounts, plus their avatars, served under `prefix`.
 * Demo mode points STEAM_API_URL here, so the real profile client is what runs.
 */
export function registerFakeSteamApi(
  app: FastifyInstance,
  prefix: string,
  publicUrl: () => string,
) {
  app.get(`${prefix}/ISteamUser/GetPlayerSummaries/v0002/`, async (request) => {
    const ids = String((request.query as Record<string, unknown>).steamids ?? '').split(',');
    const players = demoPlayers
      .filter((player) => ids.includes(player.steamId))
      .map((player) => ({
        steamid: player.steamId,
        personaname: player.personaname,
        avatarfull: `${publicUrl()}${prefix}/avatars/${player.steamId}.svg`,
        profileurl: `https://steamcommunity.com/profiles/${player.steamId}/`,
      }));
    return { response: { players } };
  });

  app.get<{ Params: { file: string } }>(`${prefix}/avatars/:file`, async (request, reply) => {
    const player = demoPlayers.find((p) => `${p.steamId}.svg` === request.params.file);
    if (!player) return reply.status(404).send();
    const initial = player.personaname.slice(0, 1);
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="10" fill="${player.colour}"/><text x="32" y="42" font-family="sans-serif" font-size="30" font-weight="700" text-anchor="middle" fill="#fff">${initial}</text></svg>`,
      );
  });
}
