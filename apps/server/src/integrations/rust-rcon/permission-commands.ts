import { quoteConsoleArg } from './console-quote';
import { withoutLogPrefix } from './rcon-replies';

/**
 * Oxide's and Carbon's permission commands, as a product's command templates use them, and how to
 * read back what they did. Oxide answers `oxide.usergroup` by logging a line and returning nothing
 * (RustCore.UserGroupCommand replies through the console player, RustConsolePlayer.Message, which
 * is Interface.Oxide.LogInfo), so a missing group leaves no error anywhere but in that line; Carbon
 * replies with ReplyWith (Carbon.Common CorePlugin/Core.Commands.Permission.cs).
 */
export type PermissionDialect = 'oxide' | 'carbon';

export interface PermissionCommand {
  dialect: PermissionDialect;
  /** join/leave a group (`usergroup add|remove`), grant/revoke a permission (`grant|revoke user`). */
  change: 'join' | 'leave' | 'grant' | 'revoke';
  /** The player as the command names them: a Steam id, or a name. */
  player: string;
  /** The group or the permission. */
  target: string;
}

/** Oxide's commands (RustCore.Init: oxide.*, o.*, perm.*) and Carbon's (its c. and carbon. aliases). */
const DIALECT_PREFIXES: Array<[string, PermissionDialect]> = [
  ['oxide.', 'oxide'],
  ['o.', 'oxide'],
  ['perm.', 'oxide'],
  ['carbon.', 'carbon'],
  ['c.', 'carbon'],
];

/** A console line's words as the game splits them: quotes group, and are dropped. */
function consoleWords(line: string): string[] {
  return [...line.trim().matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? '');
}

/** The permission change a console command makes, or null when it is not one of those commands. */
export function parsePermissionCommand(command: string): PermissionCommand | null {
  const [name = '', mode, player, target] = consoleWords(command);
  const lower = name.toLowerCase();
  const prefix = DIALECT_PREFIXES.find(([start]) => lower.startsWith(start));
  if (!prefix || !player || !target) return null;
  const verb = lower.slice(prefix[0].length);
  const dialect = prefix[1];
  // Both read the sub-command case-sensitively (`text.Equals("add")`).
  if (verb === 'usergroup' && (mode === 'add' || mode === 'remove'))
    return { dialect, change: mode === 'add' ? 'join' : 'leave', player, target };
  if ((verb === 'grant' || verb === 'revoke') && mode === 'user')
    return { dialect, change: verb, player, target };
  return null;
}

/** The command that shows a player's groups and permissions: `oxide.show user` / `c.show user`. */
export function readBackCommand(change: PermissionCommand): string {
  const who = /\s/.test(change.player) ? quoteConsoleArg(change.player) : change.player;
  return `${change.dialect === 'oxide' ? 'oxide.show' : 'c.show'} user ${who}`;
}

export type PermissionRefusal =
  | { kind: 'group-missing'; group: string }
  | { kind: 'permission-missing'; permission: string }
  | { kind: 'player-not-found' }
  | { kind: 'several-players' }
  | { kind: 'permissions-not-loaded' }
  | { kind: 'usage'; line: string };

/**
 * The refusals of these commands, in Oxide's English (Oxide.Core Localization.cs: GroupNotFound,
 * PermissionNotFound, PlayerNotFound, PlayersFound, PermissionsNotLoaded, CommandUsage*) and
 * Carbon's (Core.Commands.Permission.cs). Null when the answer holds none of them.
 */
export function permissionRefusal(
  change: PermissionCommand,
  message: string,
): PermissionRefusal | null {
  for (const line of message.split(/\r?\n/).map(withoutLogPrefix)) {
    const group = /^Group '(.+)' (?:doesn't exist|could not be found\.)$/.exec(line);
    if (group) return { kind: 'group-missing', group: group[1] ?? change.target };
    const permission = /^Permission '(.+)' doesn't exist$/.exec(line);
    if (permission) return { kind: 'permission-missing', permission: permission[1] ?? '' };
    if (/^Couldn't grant permission - permission does not exist\.$/.test(line))
      return { kind: 'permission-missing', permission: change.target };
    if (
      /^Player '.+' not found$/.test(line) ||
      /^Couldn't find that player\.$/.test(line) ||
      /^Couldn't (?:grant|revoke) user permission - user not found/.test(line)
    )
      return { kind: 'player-not-found' };
    if (/^Multiple players were found, please specify:/.test(line))
      return { kind: 'several-players' };
    if (/^Unable to load permission files!/.test(line)) return { kind: 'permissions-not-loaded' };
    if (/^(?:Usage|Syntax): /.test(line)) return { kind: 'usage', line };
  }
  return null;
}

export interface PlayerPermissions {
  groups: string[];
  permissions: string[];
}

const listOf = (text: string, none: string) =>
  text.trim() === none || text.trim() === '' ? [] : text.split(', ').map((item) => item.trim());

/**
 * Oxide's `oxide.show user` (RustCore.ShowCommand): "Player 'NAME (ID)' permissions:\n<list or "No
 * permissions currently granted">\n\nPlayer 'NAME (ID)' groups:\n<list or "Player is not assigned to
 * any groups">", lists joined by ", ". The permissions include those of the player's groups.
 */
function parseOxideShow(message: string): PlayerPermissions | null {
  const permissionsAt = message.indexOf("' permissions:\n");
  const groupsAt = message.lastIndexOf("' groups:\n");
  if (permissionsAt < 0 || groupsAt < permissionsAt) return null;
  const firstLine = (from: number) => message.slice(from).split(/\r?\n/, 1)[0] ?? '';
  return {
    permissions: listOf(
      firstLine(permissionsAt + "' permissions:\n".length),
      'No permissions currently granted',
    ),
    groups: listOf(
      firstLine(groupsAt + "' groups:\n".length),
      'Player is not assigned to any groups',
    ),
  };
}

/**
 * Carbon's `c.show user`: "User NAME[ID] found in N groups:\n  a, b and c\nand has N permissions:\n
 * p1, p2" (its ToString(", ", " and ") for the groups).
 */
function parseCarbonShow(message: string): PlayerPermissions | null {
  const match = /found in [\d,.\s]+ groups:\n(.*)\nand has [\d,.\s]+ permissions:\n(.*)$/s.exec(
    message,
  );
  if (!match) return null;
  const split = (text: string, separator: RegExp) =>
    text.trim() === ''
      ? []
      : text
          .trim()
          .split(separator)
          .map((item) => item.trim());
  return {
    groups: split(match[1] ?? '', /, | and /),
    permissions: split(match[2] ?? '', /, /),
  };
}

/** A player's groups and permissions from the read-back's answer; null when it is not one. */
export function parsePlayerPermissions(
  dialect: PermissionDialect,
  message: string,
): PlayerPermissions | null {
  return dialect === 'oxide' ? parseOxideShow(message) : parseCarbonShow(message);
}

/** Whether what the game shows is what the command was to make. */
export function changeHolds(change: PermissionCommand, shown: PlayerPermissions): boolean {
  const target = change.target.toLowerCase();
  const list =
    change.change === 'join' || change.change === 'leave' ? shown.groups : shown.permissions;
  const present = list.some((item) => item.toLowerCase() === target);
  return change.change === 'join' || change.change === 'grant' ? present : !present;
}
