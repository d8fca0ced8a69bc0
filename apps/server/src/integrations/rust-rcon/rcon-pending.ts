import type { RconCommandResult, RconMessageType } from './rcon-types';

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

interface Pending {
  resolve: (result: RconCommandResult) => void;
  timer: NodeJS.Timeout;
}

/**
 * Commands sent and not yet answered, by Identifier. Identifiers rise and wrap within the C# int
 * range, skipping any still in use, so a late reply can never be taken for another command's.
 */
export class PendingCommands {
  private readonly pending = new Map<number, Pending>();
  private next: number;

  constructor(private readonly first: number) {
    this.next = first;
  }

  /** Reserves an Identifier whose outcome becomes "unknown" if nothing answers within timeoutMs. */
  register(timeoutMs: number): { identifier: number; result: Promise<RconCommandResult> } {
    let identifier = this.next;
    while (this.pending.has(identifier)) identifier = this.after(identifier);
    this.next = this.after(identifier);
    const result = new Promise<RconCommandResult>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(identifier);
        resolve({ status: 'unknown', reason: 'timeout' });
      }, timeoutMs);
      this.pending.set(identifier, { resolve, timer });
    });
    return { identifier, result };
  }

  /** Settles the command this frame answers; false when it answers none (then it is a console line). */
  settle(frame: IncomingFrame): boolean {
    const pending = this.pending.get(frame.identifier);
    if (!pending) return false;
    this.pending.delete(frame.identifier);
    clearTimeout(pending.timer);
    pending.resolve({ status: 'ok', message: frame.message, type: frame.type });
    return true;
  }

  /** Ends every command in flight as unknown: it was sent, so it may have run. */
  abandon(reason: 'connection-lost' | 'closed'): void {
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.resolve({ status: 'unknown', reason });
    }
    this.pending.clear();
  }

  private after(identifier: number): number {
    return identifier >= MAX_IDENTIFIER ? this.first : identifier + 1;
  }
}
