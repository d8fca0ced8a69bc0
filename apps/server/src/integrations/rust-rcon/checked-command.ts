import {
  changeHolds,
  parsePermissionCommand,
  parsePlayerPermissions,
  permissionRefusal,
  readBackCommand,
  type PermissionCommand,
  type PermissionRefusal,
} from './permission-commands';
import type { RconClient } from './rcon-client';
import { answerError } from './rcon-replies';

/** What running a console command to change the game came to, read from what the game answered. */
export type CommandCheck =
  | { kind: 'done' }
  /** The command was not sent: no link. */
  | { kind: 'unavailable' }
  /**
   * The game sent nothing: a command it does not know gets no frame at all, and a known one always
   * gets at least its (possibly empty) reply, so this is most likely a missing command or plugin;
   * it may also be a server too busy to answer in time. Never success.
   */
  | { kind: 'no-answer' }
  /** The link dropped after sending and before any answer: the command may have run. */
  | { kind: 'lost' }
  | { kind: 'refused'; change: PermissionCommand; refusal: PermissionRefusal }
  /** The answer reports an error (its first such line). */
  | { kind: 'error'; line: string }
  /** The command ran, but the player's groups or permissions, read back, are not what it was to make. */
  | { kind: 'not-applied'; change: PermissionCommand }
  /** The command ran, but reading the result back failed; `answer` is what the read-back got, if anything. */
  | { kind: 'unverified'; change: PermissionCommand; answer: string | null };

/**
 * Runs one command and reads its outcome. Success needs a positive sign: for a permission command
 * (a group joined or left, a permission granted or revoked), the player's state read back with
 * `oxide.show user`/`c.show user` after it; for any other command, an answer that reports no error.
 */
export async function runCheckedCommand(
  client: RconClient,
  command: string,
  timeoutMs: number,
): Promise<CommandCheck> {
  const reply = await client.send(command, { timeoutMs });
  if (reply.status === 'unavailable') return { kind: 'unavailable' };
  if (reply.status === 'unknown')
    return { kind: reply.reason === 'timeout' ? 'no-answer' : 'lost' };
  const change = parsePermissionCommand(command);
  if (!change) {
    const line = answerError(reply);
    return line === null ? { kind: 'done' } : { kind: 'error', line };
  }
  const refusal = permissionRefusal(change, reply.message);
  if (refusal) return { kind: 'refused', change, refusal };
  const shown = await client.send(readBackCommand(change), { timeoutMs });
  if (shown.status !== 'ok') return { kind: 'unverified', change, answer: null };
  const state = parsePlayerPermissions(change.dialect, shown.message);
  if (!state) return { kind: 'unverified', change, answer: shown.message };
  return changeHolds(change, state) ? { kind: 'done' } : { kind: 'not-applied', change };
}
