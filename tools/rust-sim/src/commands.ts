import { parseCommandLine, type ParsedCommand } from './command-line';
import { coreCommands } from './commands-core';
import { moderationCommands } from './commands-moderation';
import type { CommandHandler, GameState } from './game-state';
import type { RconMessageType } from './types';

const handlers: Record<string, CommandHandler> = { ...coreCommands, ...moderationCommands };

/** Other spellings the game and Oxide accept for the same commands. */
const aliases: Record<string, string> = {
  'global.serverinfo': 'serverinfo',
  'global.playerlist': 'playerlist',
  'global.status': 'status',
  'global.say': 'say',
  'global.echo': 'echo',
  'global.kick': 'kick',
  'global.ban': 'ban',
  'global.banid': 'banid',
  'global.unban': 'unban',
  writecfg: 'server.writecfg',
  mute: 'bcm.mute',
  unmute: 'bcm.unmute',
  'o.usergroup': 'oxide.usergroup',
  usergroup: 'oxide.usergroup',
  'c.usergroup': 'oxide.usergroup',
};

export function canonicalName(name: string): string {
  return aliases[name] ?? name;
}

export interface CommandOutput {
  command: ParsedCommand;
  replies: Array<{ text: string; type: RconMessageType }>;
  chats: Array<{ message: string; username: string; userId: string }>;
}

/** Runs one console line against the game state and collects what it printed. */
export function runCommand(line: string, state: GameState): CommandOutput {
  const command = parseCommandLine(line);
  const output: CommandOutput = { command, replies: [], chats: [] };
  const handler = handlers[canonicalName(command.name)];
  if (!handler) {
    // What the game prints for an unknown command (as Rust RCON tools record it), as a warning.
    output.replies.push({ text: `Command '${command.name}' not found`, type: 'Warning' });
    return output;
  }
  handler({
    command,
    state,
    reply: (text, type = 'Generic') => output.replies.push({ text, type }),
    chat: (message, username = 'SERVER', userId = '0') =>
      output.chats.push({ message, username, userId }),
  });
  return output;
}
