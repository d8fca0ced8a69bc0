import type { FastifyInstance } from 'fastify';
import { demoPlayers, type DemoPlayer } from './demo-players';

export type FakeSteamPlayer = Pick<DemoPlayer, 'steamId' | 'personaname' | 'colour' | 'vanity'>;

/**
 * Steam Web API's GetPlayerSummaries and ResolveVanityURL for the demo accounts (or the `players`
 * given, a list the caller may add to), plus their avatars, served under `prefix`. Demo mode points
 * STEAM_API_URL here, so the real profile client is what runs.
 */
export function registerFakeSteamApi(
  app: FastifyInstance,
  prefix: string,
  publicUrl: () => string,
  players: readonly FakeSteamPlayer[] = demoPlayers,
) {
  app.get(`${prefix}/ISteamUser/GetPlayerSummaries/v0002/`, async (request) => {
    const ids = ((request.query as { steamids?: string }).steamids ?? '').split(',');
    const found = players
      .filter((player) => ids.includes(player.steamId))
      .map((player) => ({
        steamid: player.steamId,
        personaname: player.personaname,
        avatarfull: `${publicUrl()}${prefix}/avatars/${player.steamId}.svg`,
        profileurl: `https://steamcommunity.com/profiles/${player.steamId}/`,
      }));
    return { response: { players: found } };
  });

  // Steam matches custom names without regard to case; 42 is its "No match".
  app.get(`${prefix}/ISteamUser/ResolveVanityURL/v0001/`, async (request) => {
    const name = ((request.query as { vanityurl?: string }).vanityurl ?? '').toLowerCase();
    const player = players.find((candidate) => candidate.vanity?.toLowerCase() === name);
    return player
      ? { response: { steamid: player.steamId, success: 1 } }
      : { response: { success: 42, message: 'No match' } };
  });

  app.get<{ Params: { file: string } }>(`${prefix}/avatars/:file`, async (request, reply) => {
    const player = players.find((p) => `${p.steamId}.svg` === request.params.file);
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
