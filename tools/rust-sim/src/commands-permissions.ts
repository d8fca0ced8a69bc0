import type { CommandContext, CommandHandler, GameState } from './game-state';

/**
 * Oxide's permission commands as RustCore runs them (Oxide.Rust/Oxide.Game.Rust/RustCore.cs:
 * UserGroupCommand, GroupCommand, ShowCommand, GrantCommand, RevokeCommand), with the English of
 * Oxide.Core/Oxide.Core/Localization.cs. They answer through the console player's Reply, which is
 * Interface.Oxide.LogInfo (RustConsolePlayer.Message): a log line, in minimalist mode (Oxide's
 * default) without a prefix, and an empty reply. The console's LastError stays empty either way.
 */

/** Oxide's own groups (OxideConfig.DefaultGroups) and those of the shop's standard VIP tiers. */
export const DEFAULT_GROUPS: readonly string[] = [
  'default',
  'admin',
  'vip_bronze',
  'vip_silver',
  'vip_gold',
  'vip_platinum',
  'vip_diamond',
];

/** The permissions BetterChatMute registers, the plugin the sim's `bcm.*` commands stand for. */
export const DEFAULT_PERMISSIONS: readonly string[] = [
  'betterchatmute.permanent',
  'betterchatmute.use',
  'betterchatmute.use.global',
];

type Found = { id: string; name: string | null } | { refusal: string };

/**
 * Covalence's FindPlayers (RustPlayerManager.cs): an exact name or id among connected players, else
 * every connected one whose name contains the text, else the same among all players ever seen. An
 * unknown id still passes if it looks like a SteamID (RustCore registers "at least 17 digits").
 */
function findUser(state: GameState, text: string): Found {
  const roster = state.roster;
  const named = (ids: string[]) => ids.map((id) => ({ id, name: roster.knownName(id) ?? id }));
  const search = (candidates: Array<{ id: string; name: string }>) => {
    const lower = text.toLowerCase();
    const exact = candidates.find((p) => p.id === text || p.name.toLowerCase() === lower);
    if (exact) return [exact];
    return candidates.filter((p) => p.name.toLowerCase().includes(lower));
  };
  let matches = search(named(roster.list().map((player) => player.steamId)));
  if (matches.length === 0) matches = search(named(roster.knownIds()));
  if (matches.length > 1) {
    const names = matches.map((player) => player.name).join(', ');
    return { refusal: `Multiple players were found, please specify: ${names}` };
  }
  const [match] = matches;
  if (match) return match;
  if (/^\d{17,}$/.test(text)) return { id: text, name: null };
  return { refusal: `Player '${text}' not found` };
}

function groupsOf(state: GameState, id: string): string[] {
  return [...state.groups].filter(([, members]) => members.has(id)).map(([group]) => group);
}

/** `oxide.usergroup <add|remove> <player> <group>`: the player is looked up before the group. */
function userGroup({ command, state, log }: CommandContext): void {
  const [mode, who, group] = command.args;
  if (!mode || !who || !group) {
    return log('Usage: oxide.usergroup <add|remove> <username> <groupname>');
  }
  const user = findUser(state, who);
  if ('refusal' in user) return log(user.refusal);
  const shown = user.name === null ? who : `${user.name}(${user.id})`;
  const members = state.groups.get(group);
  if (!members) return log(`Group '${group}' doesn't exist`);
  if (mode === 'add') {
    members.add(user.id);
    return log(`Player '${shown}' added to group: ${group}`);
  }
  if (mode === 'remove') {
    members.delete(user.id);
    return log(`Player '${shown}' removed from group '${group}'`);
  }
  log('Usage: oxide.usergroup <add|remove> <username> <groupname>');
}

/** `oxide.group <add|remove> <name>` (set and parent are not simulated). */
function group({ command, state, log }: CommandContext): void {
  const [mode, name] = command.args;
  if (!mode || !name) {
    log('Usage: oxide.group <add|set> <name> [title] [rank]');
    log('Usage: oxide.group <parent> <name> <parentName>');
    return log('Usage: oxide.group <remove> <name>');
  }
  if (mode === 'add') {
    if (state.groups.has(name)) return log(`Group '${name}' already exists`);
    state.groups.set(name, new Set());
    return log(`Group '${name}' created`);
  }
  if (mode === 'remove') {
    if (!state.groups.delete(name)) return log(`Group '${name}' doesn't exist`);
    return log(`Group '${name}' deleted`);
  }
  log('Usage: oxide.group <add|set> <name> [title] [rank]');
}

/** `oxide.show user <player>` / `oxide.show group <name>` / `oxide.show groups`. */
function show({ command, state, log }: CommandContext): void {
  const [mode, name] = command.args;
  const usage = () => {
    log('Usage: oxide.show <groups|perms>');
    log('Usage: oxide.show <group|user> <name>');
  };
  if (mode === 'groups') return log(`Groups:\n${[...state.groups.keys()].join(', ')}`);
  if (!name) return usage();
  if (mode === 'user') {
    const user = findUser(state, name);
    if ('refusal' in user) return log(user.refusal);
    const shown = user.name === null ? name : `${user.name} (${user.id})`;
    const permissions = [...(state.userPermissions.get(user.id) ?? [])];
    const groups = groupsOf(state, user.id);
    return log(
      `Player '${shown}' permissions:\n` +
        (permissions.length ? permissions.join(', ') : 'No permissions currently granted') +
        `\n\nPlayer '${shown}' groups:\n` +
        (groups.length ? groups.join(', ') : 'Player is not assigned to any groups'),
    );
  }
  if (mode === 'group') {
    const members = state.groups.get(name);
    if (!members) return log(`Group '${name}' doesn't exist`);
    return log(
      `Group '${name}' players:\n` +
        (members.size ? [...members].join(', ') : 'No players currently in group') +
        `\n\nGroup '${name}' permissions:\nNo permissions currently granted`,
    );
  }
  usage();
}

/** `oxide.grant user <player> <permission>` / `oxide.revoke user …` (group grants not simulated). */
function grantOrRevoke(grant: boolean): CommandHandler {
  const verb = grant ? 'grant' : 'revoke';
  return ({ command, state, log }) => {
    const [scope, who, permission] = command.args;
    const usage = `Usage: oxide.${verb} <group|user> <name|id> <permission>`;
    if (!scope || !who || !permission || scope !== 'user') return log(usage);
    if (grant && !state.permissions.has(permission)) {
      return log(`Permission '${permission}' doesn't exist`);
    }
    const user = findUser(state, who);
    if ('refusal' in user) return log(user.refusal);
    const shown = user.name === null ? who : `${user.name} (${user.id})`;
    const granted = state.userPermissions.get(user.id) ?? new Set<string>();
    state.userPermissions.set(user.id, granted);
    if (grant) {
      if (granted.has(permission)) {
        return log(`Player '${user.id}' already has permission '${permission}'`);
      }
      granted.add(permission);
      return log(`Player '${shown}' granted permission '${permission}'`);
    }
    if (!granted.delete(permission)) {
      return log(`Player '${user.name ?? who}' does not have permission '${permission}'`);
    }
    log(`Player '${shown}' revoked permission '${permission}'`);
  };
}

export const permissionCommands: Record<string, CommandHandler> = {
  'oxide.usergroup': userGroup,
  'oxide.group': group,
  'oxide.show': show,
  'oxide.grant': grantOrRevoke(true),
  'oxide.revoke': grantOrRevoke(false),
};
