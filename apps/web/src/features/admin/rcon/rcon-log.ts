import type { RconReply } from './api/run-rcon-command';

export type LogKind = 'command' | 'output' | 'warning' | 'error' | 'info' | 'console' | 'chat';
export interface LogLine {
  id: number;
  kind: LogKind;
  text: string;
  /** 'HH:MM:SS', local time. */
  time?: string;
}
export type NewLine = Omit<LogLine, 'id'>;

/** SPEC §9: the console keeps the last 1000 lines. */
export const MAX_LOG_LINES = 1000;

export function appendLog(
  log: readonly LogLine[],
  lines: readonly NewLine[],
  max = MAX_LOG_LINES,
): LogLine[] {
  let nextId = (log.at(-1)?.id ?? 0) + 1;
  const added = lines.map((line) => ({ ...line, id: nextId++ }));
  const all = [...log, ...added];
  return all.length > max ? all.slice(all.length - max) : all;
}

function splitOutput(output: string): string[] {
  const lines = output.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && lines.at(-1)?.trim() === '') lines.pop();
  return lines;
}

/** How a reply reads in the log: output as is; an 'unknown' outcome (may or may not have run) as a warning. */
export function replyLines(reply: RconReply): NewLine[] {
  const lines = splitOutput(reply.output);
  if (reply.status === 'ok')
    return lines.length > 0
      ? lines.map((text) => ({ kind: 'output' as const, text }))
      : [{ kind: 'info', text: '(команда выполнена, ответа нет)' }];
  const kind = reply.status === 'unknown' ? 'warning' : 'error';
  const prefix = kind === 'warning' ? '[WARN]' : '[ERROR]';
  const texts = lines.length > 0 ? lines : ['нет ответа'];
  return texts.map((text, index) => ({ kind, text: index === 0 ? `${prefix} ${text}` : text }));
}

const clockFormat = new Intl.DateTimeFormat('ru-RU', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** '14:07:09'; an unparseable time reads as the moment the line arrived. */
export function clock(value: string | Date = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  return clockFormat.format(Number.isNaN(date.getTime()) ? new Date() : date);
}

/** Rust sends chat on the console as a JSON frame: {"Message": ..., "Username": ...}. */
function chatText(message: string): string | null {
  if (!message.trimStart().startsWith('{')) return null;
  try {
    const chat = JSON.parse(message) as { Message?: unknown; Username?: unknown };
    if (typeof chat.Message !== 'string') return null;
    const name = typeof chat.Username === 'string' && chat.Username ? chat.Username : 'SERVER';
    return `[CHAT] ${name}: ${chat.Message}`;
  } catch {
    return null;
  }
}

/** How a streamed console line (DESIGN §9 server_log) reads in the log, with its time. */
export function streamLines({
  timestamp,
  message,
}: {
  timestamp: string;
  message: string;
}): NewLine[] {
  const time = clock(timestamp);
  const chat = chatText(message);
  if (chat !== null) return [{ kind: 'chat', text: chat, time }];
  const lines = splitOutput(message);
  return lines.map((text) => ({ kind: 'console' as const, text, time }));
}
