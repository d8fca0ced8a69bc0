import { formatMuteTime, formatSecondsLong, parseBanDuration, parseMuteTime } from './command-line';
import type { CommandContext, CommandHandler, GameState } from './game-state';

const MIN_STEAM_ID = 70_000_000_000_000_000n;

function steamIdOrNull(text: string | undefined): string | null {
  if (!text || !/^\d+$/.test(text)) return null;
  return BigInt(text) >= MIN_STEAM_ID ? text : null;
}

/** The game's `TryGetBanExpiry`: unix expiry (or -1) and the " for 2 hours" suffix of its replies. */
function banExpiry(text: string | undefined): { expiry: number; suffix: string } {
  const seconds = parseBanDuration(text);
  if (seconds === null) return { expiry: -1, suffix: '' };
  return {
    expiry: Math.floor(Date.now() / 1000) + seconds,
    suffix: ` for ${formatSecondsLong(seconds)}`,
  };
}

function kick({ command, state, reply, chat }: CommandContext): void {
  const player = state.roster.find(command.args[0] ?? '');
  if (!player) return reply('Player not found');
  const reason = command.args[1] ?? 'no reason given';
  reply(`Kicked: ${player.name}`);
  chat(`Kicking ${player.name} (${reason})`);
  state.roster.remove(player.steamId);
}

/** `ban <player> "<reason>" [duration]`: online players only, like the game. */
function ban({ command, state, reply, chat }: CommandContext): void {
  const player = state.roster.find(command.args[0] ?? '');
  if (!player) return reply('Player not found');
  if (state.bans.has(player.steamId)) return reply(`User ${player.steamId} is already banned`);
  const reason = command.args[1] ?? 'No Reason Given';
  const { expiry, suffix } = banExpiry(command.args[2]);
  state.bans.set(player.steamId, { steamId: player.steamId, name: player.name, reason, expiry });
  reply(`Kickbanned User${suffix}: ${player.steamId} - ${player.name}`);
  chat(`Kickbanning ${player.name}${suffix} (${reason})`);
  state.roster.remove(player.steamId);
}

/** `banid <steamid64> "<name>" "<reason>" [duration]`: works for offline players too. */
function banId({ command, state, reply, chat }: CommandContext): void {
  const steamId = steamIdOrNull(command.args[0]);
  if (!steamId) return reply(`This doesn't appear to be a 64bit steamid: ${command.args[0] ?? 0}`);
  if (state.bans.has(steamId)) return reply(`User ${steamId} is already banned`);
  let name = command.args[1] ?? 'unnamed';
  const reason = command.args[2] ?? 'no reason';
  const { expiry, suffix } = banExpiry(command.args[3]);
  const online = state.roster.get(steamId);
  if (online) {
    name = online.name;
    chat(`Kickbanning ${online.name}${suffix} (${reason})`);
    state.roster.remove(steamId);
  }
  state.bans.set(steamId, { steamId, name, reason, expiry });
  reply(`Banned User${suffix}: ${steamId} - "${name}" for "${reason}"`);
}

function unban({ command, state, reply }: CommandContext): void {
  const steamId = steamIdOrNull(command.args[0]);
  if (!steamId) return reply(`This doesn't appear to be a 64bit steamid: ${command.args[0] ?? 0}`);
  if (!state.bans.delete(steamId)) return reply(`User ${steamId} isn't banned`);
  reply(`Unbanned User: ${steamId}`);
}

/** BetterChatMute looks a SteamID up among every player the server has seen, online or not. */
function muteTarget(state: GameState, text: string): { id: string; name: string } | string {
  if (/^7656119\d{10}$/.test(text)) {
    const name = state.roster.knownName(text);
    return name === undefined ? `Could not find player with ID '${text}'` : { id: text, name };
  }
  const player = state.roster.find(text);
  return player
    ? { id: player.steamId, name: player.name }
    : `Could not find player with name '${text}'`;
}

/**
 * `bcm.mute <player|steamid> "[reason]" [time]` from the BetterChatMute plugin (LaserHydra/
 * BetterChatMute, BetterChatMute.cs CmdMute). Its time format is `1d2h3m4s`: a bare number of
 * seconds is NOT a time to it, so it joins the reason and the mute is permanent. It answers the
 * console through Oxide's log, never a reply: a refusal through `player.Reply` (the console player's
 * Message is Interface.Oxide.LogInfo), a mute through PublicMessage (a chat broadcast, and Puts,
 * prefixed with the plugin's title). So its reply frame is empty and its words come as log lines.
 */
function mute({ command, state, log, chat }: CommandContext): void {
  const [who, ...rest] = command.args;
  if (who === undefined) return log('/mute <player|steamid> "[reason]" [time: 1d1h1m1s]');
  const target = muteTarget(state, who);
  if (typeof target === 'string') return log(target);
  let durationMs: number | null = null;
  const reasonParts: string[] = [];
  for (const arg of rest) {
    const parsed: number | null = durationMs === null ? parseMuteTime(arg) : null;
    if (parsed !== null) durationMs = parsed;
    else reasonParts.push(arg);
  }
  const reason = reasonParts.join(' ') || 'Unknown reason';
  state.mutes.set(target.id, { steamId: target.id, reason, durationMs });
  const message =
    durationMs === null
      ? `${target.name} was muted by Server Console: ${reason}.`
      : `${target.name} was muted by Server Console for ${formatMuteTime(durationMs)}: ${reason}.`;
  chat(message);
  log(`[Better Chat Mute] ${message}`);
}

/** `bcm.unmute <player|steamid>` (BetterChatMute's CmdUnmute), answering as `mute` does. */
function unmute({ command, state, log, chat }: CommandContext): void {
  const target = muteTarget(state, command.args[0] ?? '');
  if (typeof target === 'string') return log(target);
  if (!state.mutes.delete(target.id)) return log(`${target.name} is currently not muted.`);
  const message = `${target.name} was unmuted by Server Console.`;
  chat(message);
  log(`[Better Chat Mute] ${message}`);
}

export const moderationCommands: Record<string, CommandHandler> = {
  kick,
  ban,
  banid: banId,
  unban,
  'bcm.mute': mute,
  'bcm.unmute': unmute,
};
