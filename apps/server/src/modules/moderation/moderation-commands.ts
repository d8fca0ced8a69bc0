import { STEAM_ID64 } from '@shop/shared';
import { quoteConsoleArg } from '../../integrations/rust-rcon/index';

/**
 * Console lines for moderation (DESIGN §8). Text from an admin becomes exactly one quoted argument
 * (see quoteConsoleArg), and the schemas refuse line breaks and other control characters before
 * anything gets here.
 */
const consoleArg = (text: string) => quoteConsoleArg(text, 1_000);

function steamIdArg(steamId: string): string {
  // Our own ids come from verified sign-ins; this stops anything else from reaching the console.
  if (!STEAM_ID64.test(steamId)) throw new RangeError('not a Steam id');
  return steamId;
}

/** Mute length in seconds: days×86400 + minutes×60 (SPEC §7). */
export const muteSeconds = (days: number, minutes: number) => days * 86_400 + minutes * 60;

/**
 * BetterChatMute's `bcm.mute <steamid> "<reason>" <time>`. Its time format is `1d2h3m4s`: a bare
 * number would be read as part of the reason and the mute made permanent, so seconds carry their `s`.
 */
export const muteCommand = (steamId: string, reason: string, seconds: number) =>
  `bcm.mute ${steamIdArg(steamId)} ${consoleArg(reason)} ${Math.trunc(seconds)}s`;

export const unmuteCommand = (steamId: string) => `bcm.unmute ${steamIdArg(steamId)}`;

/** `ban <player> "<reason>"`: only for a player on the server right now. */
export const banCommand = (steamId: string, reason: string) =>
  `ban ${steamIdArg(steamId)} ${consoleArg(reason)}`;

/** `banid <steamid64> "<name>" "<reason>"`: works whether or not the player is on. */
export const banIdCommand = (steamId: string, name: string, reason: string) =>
  `banid ${steamIdArg(steamId)} ${consoleArg(name)} ${consoleArg(reason)}`;

export const unbanCommand = (steamId: string) => `unban ${steamIdArg(steamId)}`;

/** Bans live in memory until the game writes its config: without this a restart forgets them. */
export const SAVE_CONFIG = 'server.writecfg';
