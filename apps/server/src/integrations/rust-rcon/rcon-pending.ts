import type { RconCommandResult, RconMessageType, RconReplyLine } from './rcon-types';

const MAX_IDENTIFIER = 2_147_483_647; // the game parses Identifier as a C# int

/** A frame as the game sends it, after a tolerant parse. */
export interface IncomingFrame {
  identifier: number;
  message: string;
  type: RconMessageType;
}

/** Parses one WebRcon frame; null when it is not JSON (nothing the game would send). */
export function parseFrame(raw: string): IncomingFrame | null {
  let frame: { Identifier?: unknown; Message?: unknown; Type?: unknown };
  try {
    frame = JSON.parse(raw) as typeof frame;
  } catch {
    return null;
  }
  if (typeof frame !== 'object' || frame === null) return null;
  return {
    identifier: typeof frame.Identifier === 'number' ? frame.Identifier : 0,
    message:
      typeof frame.Message === 'string' || typeof frame.Message === 'number'
        ? String(frame.Message)
        : '',
    type: (typeof frame.Type === 'string' ? frame.Type : 'Generic') as RconMessageType,
  };
}

const SEVERITY: Partial<Record<RconMessageType, number>> = { Warning: 1, Error: 2 };

/** A command's whole answer: its lines, their text joined, and the most severe of their types. */
export function answerOf(lines: RconReplyLine[]): RconCommandResult {
  const type = lines.reduce<RconMessageType>(
    (worst, line) => ((SEVERITY[line.type] ?? 0) > (SEVERITY[worst] ?? 0) ? line.type : worst),
    lines.at(-1)?.type ?? 'Generic',
  );
  const message = lines
    .map((line) => line.message)
    .filter((text) => text !== '')
    .join('\n');
  return { status: 'ok', message, type, lines };
}

interface Pending {
  resolve: (result: RconCommandResult) => void;
  lines: RconReplyLine[];
  settleMs: number;
  /** Runs out when no frame came in time (unknown), or caps a command that never stops talking. */
  deadline: NodeJS.Timeout;
  /** Runs out when the frames stopped: the answer is complete. */
  settle: NodeJS.Timeout | null;
}

/**
 * Commands sent and not yet answered, by Identifier. Identifiers rise and wrap within the C# int
 * range, skipping any still in use, so a late reply can never be taken for another command's.
 *
 * Every frame with a command's Identifier belongs to its answer. The game sends them back to back:
 * RCon.OnCommand sets `responseIdentifier`, runs the command, sends each line logged meanwhile
 * (Output.OnMessage) and then the console's return value, and resets the Identifier to 0, so
 * nothing of that command comes later. The answer is therefore complete once its frames stop for
 * `settleMs`, or at once on an empty frame: that is the return value of a command that replied
 * nothing (`ConsoleSystem.Arg.Reply` starts as ""), which is sent last, while the lines commands
 * log carry text. A command that sent nothing in `timeoutMs` is unknown.
 */
export class PendingCommands {
  private readonly pending = new Map<number, Pending>();
  private next: number;

  constructor(private readonly first: number) {
    this.next = first;
  }

  register(
    timeoutMs: number,
    settleMs: number,
  ): { identifier: number; result: Promise<RconCommandResult> } {
    let identifier = this.next;
    while (this.pending.has(identifier)) identifier = this.after(identifier);
    this.next = this.after(identifier);
    const result = new Promise<RconCommandResult>((resolve) => {
      const deadline = setTimeout(() => this.finish(identifier), timeoutMs);
      this.pending.set(identifier, { resolve, lines: [], settleMs, deadline, settle: null });
    });
    return { identifier, result };
  }

  /** Adds a frame to the answer of the command it belongs to; false when it belongs to none. */
  take(frame: IncomingFrame): boolean {
    const pending = this.pending.get(frame.identifier);
    if (!pending) return false;
    pending.lines.push({ message: frame.message, type: frame.type });
    if (pending.settle) clearTimeout(pending.settle);
    if (frame.message === '') this.finish(frame.identifier);
    else pending.settle = setTimeout(() => this.finish(frame.identifier), pending.settleMs);
    return true;
  }

  /**
   * Ends every command in flight: one the game had answered keeps what it sent (the game had run
   * it); one it had not is unknown, because it was sent and so may have run.
   */
  abandon(reason: 'connection-lost' | 'closed'): void {
    for (const identifier of [...this.pending.keys()]) this.finish(identifier, reason);
  }

  private finish(identifier: number, lost?: 'connection-lost' | 'closed'): void {
    const pending = this.pending.get(identifier);
    if (!pending) return;
    this.pending.delete(identifier);
    clearTimeout(pending.deadline);
    if (pending.settle) clearTimeout(pending.settle);
    if (pending.lines.length > 0) pending.resolve(answerOf(pending.lines));
    else pending.resolve({ status: 'unknown', reason: lost ?? 'timeout' });
  }

  private after(identifier: number): number {
    return identifier >= MAX_IDENTIFIER ? this.first : identifier + 1;
  }
}
