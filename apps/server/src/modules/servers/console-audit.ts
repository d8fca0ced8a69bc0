import type { RconCommandResult } from '../../integrations/rust-rcon/index';
import type { AuditRecord } from '../audit/audit-log';

/** Longest reply line kept in the journal: a `status` or `inventory` listing can run to pages. */
const REPLY_LINE_MAX = 300;
/** Console variables that take a secret (`rcon.password`, a plugin's key): only the name is kept. */
const SECRET_COMMAND = /^\s*\S*(password|secret|token|key)\S*\s+\S/i;

/** The command as journaled: a command that sets a secret keeps its name and hides the value. */
export function journaledCommand(command: string): string {
  if (!SECRET_COMMAND.test(command)) return command;
  return `${command.trim().split(/\s+/, 1)[0]} •••`;
}

/**
 * The journal row written before a console command leaves the shop: the server and the command. A
 * command whose row cannot be written is not sent, so nothing runs that the journal does not name,
 * even if the shop stops before the game answers.
 */
export function consoleSentAudit(
  server: { id: number; name: string },
  command: string,
): AuditRecord {
  return {
    action: 'server.console.sent',
    targetType: 'server',
    targetId: server.id,
    targetName: server.name,
    after: { command: journaledCommand(command) },
  };
}

/**
 * The journal row that completes a console command: the server, the command, the row written
 * before it was sent (`sent`) and the first line of the game's reply (none when the game sent none
 * in time, or the command never left the shop).
 */
export function consoleAudit(
  server: { id: number; name: string },
  command: string,
  result: RconCommandResult,
  sent: number | null = null,
): AuditRecord {
  const firstLine =
    result.status === 'ok' ? (result.message.split(/\r?\n/, 1)[0] ?? '').trimEnd() : null;
  return {
    action: 'server.console',
    targetType: 'server',
    targetId: server.id,
    targetName: server.name,
    after: {
      command: journaledCommand(command),
      sent,
      status: result.status,
      reply:
        firstLine && firstLine.length > REPLY_LINE_MAX
          ? `${firstLine.slice(0, REPLY_LINE_MAX)}…`
          : firstLine,
    },
  };
}
