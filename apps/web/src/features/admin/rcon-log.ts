import type { RconReply } from './api/run-rcon-command';

export type LogKind = 'command' | 'output' | 'warning' | 'error' | 'info';
export interface LogLine {
  id: number;
  kind: LogKind;
  text: string;
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
