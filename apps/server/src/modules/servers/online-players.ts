import type { FastifyInstance } from 'fastify';
import { parsePlayerList } from '../../integrations/rust-rcon/index';
import type { ServerRow } from './servers-repository';

/**
 * Steam ids on a server right now: asked live with `playerlist`, or the monitor's last sighting when
 * the game does not answer in time.
 */
export async function onlineSteamIds(app: FastifyInstance, row: ServerRow): Promise<string[]> {
  const reply = await app.servers.monitor.clientFor(row).send('playerlist', { timeoutMs: 5_000 });
  const live = reply.status === 'ok' ? parsePlayerList(reply.message) : undefined;
  return live?.ok
    ? live.value.map((player) => player.steamId)
    : row.players.map((player) => player.steamId);
}
