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

/** A line of an answer without the "[Oxide] 14:03 [Info] " Oxide puts before it outside minimalist mode. */
export function withoutLogPrefix(line: string): string {
  return line.replace(/^\[Oxide\] \d{1,2}:\d{2}(?: [AP]M)? \[\w+\] /, '').trim();
}

const answerLines = (message: string) => message.split(/\r?\n/).map(withoutLogPrefix);

/**
 * What an `inventory.giveto` answer means (ConVar/Inventory.cs `giveto`): its three fixed replies,
 * checked in the game's order (the player, the item, then room), or success, whose only sign is the
 * line the game logs after the give, " [ServerVar] giving NAME AMOUNT x ITEM NAME" (its reply is
 * then empty). "Inventory full" means the item was created and destroyed: that give did not land.
 */
export function classifyGiveReply(message: string): GiveOutcome {
  const lines = answerLines(message);
  if (lines.includes("Couldn't find player!")) return 'player-not-found';
  if (lines.includes('Invalid Item!')) return 'invalid-item';
  if (lines.includes("Couldn't give item (inventory full?)")) return 'inventory-full';
  if (lines.some((line) => /^\[ServerVar\] giving .+ -?\d+ x .+$/.test(line))) return 'given';
  return 'unrecognised';
}

/**
 * How the game, Oxide, Carbon and common plugins word a refusal: the console's own "Error: …" when a
 * command throws, "… not found", "… doesn't exist", "Couldn't …", "Invalid …", a usage line (the
 * arguments were wrong, so nothing ran), and permission refusals.
 */
const ERROR_LINE = [
  /^error\b/i,
  /\bnot found\b/i,
  /\b(?:doesn'?t|does not) exist\b/i,
  /\bcould not be found\b/i,
  /^(?:couldn'?t|could not|cannot|can'?t|failed|unable)\b/i,
  /^invalid\b/i,
  /^(?:usage|syntax):/i,
  /\bdoesn'?t appear to be\b/i,
  /\b(?:permission denied|not allowed|you cannot run this command|don'?t have permission)\b/i,
  /^unknown command\b/i,
];

/**
 * The first line of a command's answer that reports an error, or null when none does. A frame the
 * game typed Error counts as one whatever it says.
 */
export function answerError(answer: {
  message: string;
  lines?: ReadonlyArray<{ message: string; type: string }>;
}): string | null {
  const typed = answer.lines?.find((line) => line.type === 'Error' && line.message.trim() !== '');
  if (typed) return withoutLogPrefix(typed.message.split(/\r?\n/, 1)[0] ?? '');
  return answerLines(answer.message).find((line) => ERROR_LINE.some((re) => re.test(line))) ?? null;
}
