import { z } from 'zod';
import { parseGameDateTime } from './game-date';

/**
 * Schemas of the JSON the game puts inside a reply's Message (so it is parsed a second time).
 * Only what the shop uses is required; other fields (the game adds some now and then) are ignored.
 */
export const serverInfoSchema = z
  .object({
    Hostname: z.string(),
    MaxPlayers: z.number().int(),
    Players: z.number().int(),
    Queued: z.number().int().default(0),
    Joining: z.number().int().default(0),
    Map: z.string(),
    Framerate: z.number().optional(),
    Uptime: z.number().optional(),
    EntityCount: z.number().optional(),
    GameTime: z.string().optional(),
    // Read leniently: an odd save time must cost the shop its wipe detection, never the poll.
    SaveCreatedTime: z.unknown().optional(),
  })
  .transform((info) => ({
    hostname: info.Hostname,
    maxPlayers: info.MaxPlayers,
    players: info.Players,
    queued: info.Queued,
    joining: info.Joining,
    map: info.Map,
    framerate: info.Framerate ?? null,
    uptimeSeconds: info.Uptime ?? null,
    entityCount: info.EntityCount ?? null,
    gameTime: info.GameTime ?? null,
    /** When the current save (map) was made: it changes at every wipe. Null when unreadable. */
    saveCreatedAt: parseGameDateTime(info.SaveCreatedTime),
  }));

export type ServerInfo = z.output<typeof serverInfoSchema>;

export const playerListSchema = z.array(
  z
    .object({
      SteamID: z.string().regex(/^\d+$/),
      DisplayName: z.string(),
      Ping: z.number().default(0),
      ConnectedSeconds: z.number().default(0),
      Health: z.number().default(0),
      Address: z.string().optional(),
    })
    .transform((player) => ({
      steamId: player.SteamID,
      displayName: player.DisplayName,
      ping: player.Ping,
      connectedSeconds: player.ConnectedSeconds,
      health: player.Health,
      address: player.Address ?? null,
    })),
);

export type PlayerListEntry = z.output<typeof playerListSchema>[number];

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

function parseJsonReply<T>(what: string, message: string, schema: z.ZodType<T>): ParseResult<T> {
  let data: unknown;
  try {
    data = JSON.parse(message);
  } catch {
    const preview = message.length > 80 ? `${message.slice(0, 80)}…` : message;
    return { ok: false, error: `${what}: the reply is not JSON (${JSON.stringify(preview)})` };
  }
  const result = schema.safeParse(data);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'reply';
  return {
    ok: false,
    error: `${what}: unexpected reply at ${where}: ${issue?.message ?? 'invalid'}`,
  };
}

/** The `serverinfo` reply's Message, checked. Never throws. */
export function parseServerInfo(message: string): ParseResult<ServerInfo> {
  return parseJsonReply('serverinfo', message, serverInfoSchema);
}

/** The `playerlist` reply's Message, checked. Never throws. */
export function parsePlayerList(message: string): ParseResult<PlayerListEntry[]> {
  return parseJsonReply('playerlist', message, playerListSchema);
}

export type GiveOutcome =
  'given' | 'player-not-found' | 'invalid-item' | 'inventory-full' | 'unrecognised';

/**
 * What an `inventory.giveto` reply means. Success is the game's log line
 * " [ServerVar] giving NAME AMOUNT x ITEM NAME"; the failures are its three fixed replies. Note that
 * "inventory full" means the item was created and destroyed: nothing was given.
 */
export function classifyGiveReply(message: string): GiveOutcome {
  const text = message.trim();
  if (text === "Couldn't find player!") return 'player-not-found';
  if (text === 'Invalid Item!') return 'invalid-item';
  if (text === "Couldn't give item (inventory full?)") return 'inventory-full';
  if (/^\[ServerVar\] giving .+ -?\d+ x .+$/s.test(text)) return 'given';
  return 'unrecognised';
}
