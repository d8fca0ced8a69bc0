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

/**
 * A line in which the game, Oxide or a plugin reports a refusal: "Error: …", "… not found",
 * "… doesn't exist", "Couldn't …", "Invalid …", a usage line. The server reads answers the same way
 * (answerError in its RCON integration); the console only colours and announces them.
 */
const ERROR_LINE =
  /^(?:\[Oxide\] \S+(?: [AP]M)? \[\w+\] )?(?:error\b|couldn'?t\b|could not\b|cannot\b|invalid\b|usage:|syntax:|unknown command\b)|\bnot found\b|\b(?:doesn'?t|does not) exist\b|\bcould not be found\b|\bdoesn'?t appear to be\b|\bpermission denied\b/i;

export const isErrorLine = (text: string) => ERROR_LINE.test(text.trim());

/** Said under the warning when the game sent nothing back. */
export const NO_ANSWER_HINT =
  'Игра ничего не отвечает на команды, которых не знает: проверьте написание. Если сервер занят, команда могла выполниться.';

/** How a reply reads in the log: output as is, refusals as errors; no answer as a warning. */
export function replyLines(reply: RconReply): NewLine[] {
  const lines = splitOutput(reply.output);
  if (reply.status === 'ok')
    return lines.length > 0
      ? lines.map((text) => ({ kind: isErrorLine(text) ? ('error' as const) : 'output', text }))
      : [{ kind: 'info', text: '(команда выполнена, ответа нет)' }];
  const kind = reply.status === 'unknown' ? 'warning' : 'error';
  const prefix = kind === 'warning' ? '[WARN]' : '[ERROR]';
  const texts = lines.length > 0 ? lines : ['нет ответа'];
  const shown = texts.map((text, index): NewLine => ({
    kind,
    text: index === 0 ? `${prefix} ${text}` : text,
  }));
  return reply.status === 'unknown' ? [...shown, { kind: 'info', text: NO_ANSWER_HINT }] : shown;
}

/** The toast after a command: done only when the game answered without reporting an error. */
export function replyNotice(reply: RconReply): {
  tone: 'success' | 'warning';
  title: string;
  description?: string;
} {
  if (reply.status === 'unknown')
    return { tone: 'warning', title: 'Нет ответа от сервера', description: NO_ANSWER_HINT };
  if (reply.status !== 'ok')
    return { tone: 'warning', title: 'Нет подтверждения', description: reply.output };
  const refusal = splitOutput(reply.output).find(isErrorLine);
  if (refusal) return { tone: 'warning', title: 'Игра сообщила об ошибке', description: refusal };
  return { tone: 'success', title: 'Команда выполнена' };
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
