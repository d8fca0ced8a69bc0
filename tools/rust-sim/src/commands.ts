import { parseCommandLine, type ParsedCommand } from './command-line';
import { coreCommands } from './commands-core';
import { moderationCommands } from './commands-moderation';
import { permissionCommands } from './commands-permissions';
import type { CommandHandler, GameState } from './game-state';
import type { RconMessageType } from './types';

const handlers: Record<string, CommandHandler> = {
  ...coreCommands,
  ...moderationCommands,
  ...permissionCommands,
};

/**
 * Other spellings the game and Oxide accept for the same commands: the game's `global.` parent,
 * and the aliases Oxide's RustCore.Init registers (`o.` and `perm.` beside `oxide.`).
 */
const aliases: Record<string, string> = {
  'global.serverinfo': 'serverinfo',
  'global.playerlist': 'playerlist',
  'global.status': 'status',
  'global.say': 'say',
  'global.kick': 'kick',
  'global.ban': 'ban',
  'global.banid': 'banid',
  'global.unban': 'unban',
  'commands.echo': 'echo',
  writecfg: 'server.writecfg',
  mute: 'bcm.mute',
  unmute: 'bcm.unmute',
  ...Object.fromEntries(
    ['usergroup', 'group', 'show', 'grant', 'revoke'].flatMap((verb) => [
      [`o.${verb}`, `oxide.${verb}`],
      [`perm.${verb}`, `oxide.${verb}`],
    ]),
  ),
};

export function canonicalName(name: string): string {
  return aliases[name] ?? name;
}

/** A frame for the command's connection: a line with its Identifier, or chat (Identifier -1). */
export type CommandEvent =
  | { kind: 'line'; text: string; type: RconMessageType }
  | { kind: 'chat'; message: string; username: string; userId: string };

export interface CommandOutput {
  command: ParsedCommand;
  /**
   * What the command's connection gets, in order: its log lines and chat, then its reply. Nothing
   * for a command the game does not know: ConsoleSystem.Run returns null for it (and, run quietly as
   * RCON runs commands, logs nothing), and RCon.OnCommand sends nothing for null.
   */
  events: CommandEvent[];
}

/** Runs one console line against the game state and collects what it printed. */
export function runCommand(line: string, state: GameState): CommandOutput {
  const command = parseCommandLine(line);
  const output: CommandOutput = { command, events: [] };
  const handler = handlers[canonicalName(command.name)];
  if (!handler) return output;
  let reply = '';
  handler({
    command,
    state,
    log: (text, type = 'Generic') => output.events.push({ kind: 'line', text, type }),
    reply: (text) => {
      reply = text;
    },
    chat: (message, username = 'SERVER', userId = '0') =>
      output.events.push({ kind: 'chat', message, username, userId }),
  });
  output.events.push({ kind: 'line', text: reply, type: 'Generic' });
  return output;
}
