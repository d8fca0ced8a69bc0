import { withoutLogPrefix } from '../../integrations/rust-rcon/rcon-replies';
import type { ModerationAction } from './moderation-service';

type Kind = ModerationAction['kind'];

/**
 * The game's words for a moderation command that did its work (or found it already done):
 * - mute/unmute, BetterChatMute (LaserHydra/BetterChatMute, BetterChatMute.cs: its "Muted",
 *   "Muted Time", "Unmuted" and "Not Muted" messages; it answers the console through Oxide's log);
 * - ban/banid/unban, the game's ConVar/Admin.cs (`Kickbanned User…`, `Banned User…`,
 *   `User … is already banned`, `Unbanned User: …`, `User … isn't banned`).
 * Anything else, "Could not find player with ID '…'" or "Player not found" included, is not success.
 */
const CONFIRMED: Record<Kind, RegExp[]> = {
  mute: [/ was muted by .+/],
  unmute: [/ was unmuted by .+/, / is currently not muted\.$/],
  ban: [/^Kickbanned User\b/, /^Banned User\b/, /^User \d+ is already banned$/],
  unban: [/^Unbanned User: \d+/, /^User \d+ isn't banned$/],
};

const linesOf = (message: string) =>
  message
    .split(/\r?\n/)
    .map(withoutLogPrefix)
    .filter((line) => line !== '');

/** Whether the game's answer to a moderation command confirms it. */
export function moderationConfirmed(kind: Kind, message: string): boolean {
  return linesOf(message).some((line) => CONFIRMED[kind].some((re) => re.test(line)));
}

/** The game's `ban` found no such player online: they left since the shop looked. */
export const banFoundNoPlayer = (message: string) => linesOf(message).includes('Player not found');

/** What the admin reads when a server did not confirm: failed, in Russian. */
export const NOT_DONE: Record<Kind, string> = {
  mute: 'Мут не выдан',
  unmute: 'Мут не снят',
  ban: 'Бан не выдан',
  unban: 'Бан не снят',
};

/**
 * Why a server sent nothing back. The game answers every command it knows, if only with an empty
 * reply, so for a chat mute it most likely means BetterChatMute is not installed there.
 */
export const NO_ANSWER: Record<Kind, string> = {
  mute: 'Сервер не ответил на команду мута: похоже, плагин BetterChatMute на нём не установлен.',
  unmute: 'Сервер не ответил на команду: похоже, плагин BetterChatMute на нём не установлен.',
  ban: 'Сервер не ответил вовремя: команда могла выполниться.',
  unban: 'Сервер не ответил вовремя: команда могла выполниться.',
};

/** The game's own words, on one line, for a message to the admin. */
export function quotedAnswer(message: string): string {
  const text = linesOf(message).join(' ').slice(0, 200);
  return text === '' ? 'пустой ответ' : `«${text}»`;
}
