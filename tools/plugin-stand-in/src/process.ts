import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { ReadyEvent, ReplyEvent, StandInEvent } from './protocol';

const STDERR_KEPT = 16_000;

interface PendingReply {
  resolve: (reply: ReplyEvent) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * One run of `mono RustStandIn.exe`: writes commands as JSON lines, reads events, pairs each reply
 * with its command by id. `onEvent` sees every event, replies included, in order.
 */
export class StandInProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending = new Map<number, PendingReply>();
  private nextId = 1;
  private stderr = '';
  private exitCode: number | null | undefined;
  readonly exited: Promise<void>;
  readonly ready: Promise<ReadyEvent>;

  constructor(
    exe: string,
    args: string[],
    private readonly onEvent: (event: StandInEvent) => void,
    private readonly replyTimeoutMs: number,
  ) {
    this.child = spawn('mono', ['--debug', exe, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdin.on('error', () => {
      // the process died; its exit rejects what is pending
    });
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_KEPT);
    });
    let readyResolve: (event: ReadyEvent) => void = () => undefined;
    let readyReject: (error: Error) => void = () => undefined;
    this.ready = new Promise<ReadyEvent>((resolve, reject) => {
      readyResolve = resolve;
      readyReject = reject;
    });
    // Callers that never await `ready` must not see an unhandled rejection when the process dies.
    this.ready.catch(() => undefined);
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      const event = parseEvent(line);
      if (event === undefined) {
        this.stderr = `${this.stderr}\n[stdout] ${line}`.slice(-STDERR_KEPT);
        return;
      }
      this.onEvent(event);
      if (event.event === 'ready') readyResolve(event);
      if (event.event === 'reply') this.settle(event);
    });
    this.exited = new Promise<void>((resolve) => {
      this.child.on('exit', (code) => {
        this.exitCode = code;
        const error = new Error(`the stand-in exited (code ${String(code)})\n${this.stderr}`);
        readyReject(error);
        for (const [id, reply] of this.pending) {
          clearTimeout(reply.timer);
          reply.reject(error);
          this.pending.delete(id);
        }
        resolve();
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.exitCode === undefined;
  }

  get stderrTail(): string {
    return this.stderr;
  }

  /** Sends one command and resolves with its reply; rejects when the reply says ok: false. */
  send(cmd: string, fields: Record<string, unknown> = {}): Promise<ReplyEvent> {
    if (!this.running)
      return Promise.reject(new Error(`the stand-in is not running\n${this.stderr}`));
    const id = this.nextId++;
    return new Promise<ReplyEvent>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`no reply to ${cmd} within ${this.replyTimeoutMs} ms\n${this.stderr}`));
      }, this.replyTimeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.child.stdin.write(`${JSON.stringify({ ...fields, id, cmd })}\n`);
    }).then((reply) => {
      if (!reply.ok) throw new Error(`${cmd}: ${reply.error ?? 'failed'}`);
      return reply;
    });
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.running) this.child.kill(signal);
    return this.exited;
  }

  private settle(reply: ReplyEvent): void {
    if (typeof reply.id !== 'number') return;
    const pending = this.pending.get(reply.id);
    if (pending === undefined) return;
    this.pending.delete(reply.id);
    clearTimeout(pending.timer);
    pending.resolve(reply);
  }
}

function parseEvent(line: string): StandInEvent | undefined {
  try {
    const value: unknown = JSON.parse(line);
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { event?: unknown }).event === 'string'
    ) {
      return value as StandInEvent;
    }
  } catch {
    // not one of ours
  }
  return undefined;
}
