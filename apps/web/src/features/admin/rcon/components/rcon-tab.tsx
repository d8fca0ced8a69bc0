import { LoaderCircle, Play, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { errorText } from '@/lib/api-client';
import { useAdminServers } from '../../shared/api/get-admin-servers';
import { useRunRconCommand } from '../api/run-rcon-command';
import {
  appendLog,
  clock,
  replyLines,
  replyNotice,
  type LogKind,
  type LogLine,
  type NewLine,
} from '../rcon-log';
import { useConsoleStream } from '../use-console-stream';
import { AdminSection } from '../../shared/components/admin-section';
import { ConsoleStatus } from './console-status';

const RUN_VALIDATION = 'Выберите сервер и введите команду';

const lineStyle: Record<LogKind, string> = {
  command: 'text-accent font-semibold',
  output: 'text-[#c8e6c9]',
  warning: 'text-[#f5d27e]',
  error: 'text-[#ff8a7d]',
  info: 'text-muted-foreground italic',
  console: 'text-foreground/75',
  chat: 'text-[#9fd3ff]',
};

export function RconTab() {
  const servers = useAdminServers();
  const online = (servers.data ?? []).filter((server) => server.status === 'online');
  const run = useRunRconCommand();
  const [serverId, setServerId] = useState('');
  const [command, setCommand] = useState('');
  const [log, setLog] = useState<LogLine[]>([]);
  const logRef = useRef<HTMLDivElement>(null);
  const push = (lines: NewLine[]) =>
    setLog((current) =>
      appendLog(
        current,
        lines.map((line) => ({ time: clock(), ...line })),
      ),
    );

  // Follow the newest output, as a terminal does.
  useEffect(() => {
    const element = logRef.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [log]);

  // A server that went offline (or was deleted) cannot stay selected.
  const selected = online.find((server) => String(server.id) === serverId);
  // DESIGN §9: the picked server's console streams into the same log.
  const live = useConsoleStream(selected?.id ?? null, push);

  const execute = async () => {
    const text = command.trim();
    if (!selected || !text) {
      toast.error('Ошибка', { description: RUN_VALIDATION });
      return;
    }
    setCommand('');
    push([{ kind: 'command', text: `> ${text}` }]);
    try {
      const reply = await run.mutateAsync({ serverId: selected.id, command: text });
      push(replyLines(reply));
      const notice = replyNotice(reply);
      toast[notice.tone](notice.title, { description: notice.description });
    } catch (error) {
      const message = errorText(error, 'Не удалось выполнить команду');
      push([{ kind: 'error', text: `[ERROR] ${message}` }]);
      toast.error('Ошибка', { description: message });
    }
  };

  return (
    <AdminSection
      title="Консоль RCON"
      actions={
        <div className="flex items-center gap-4">
          <ConsoleStatus status={live} />
          <Button
            variant="outline"
            size="sm"
            onClick={() => setLog([])}
            disabled={log.length === 0}
          >
            <Trash2 aria-hidden="true" />
            Очистить
          </Button>
        </div>
      }
    >
      <form
        className="grid gap-3 md:grid-cols-[16rem_1fr_auto]"
        onSubmit={(event) => {
          // Enter in the command box submits: SPEC "Enter runs it".
          event.preventDefault();
          void execute();
        }}
      >
        <Select
          value={selected ? serverId : ''}
          onValueChange={setServerId}
          disabled={online.length === 0}
        >
          <SelectTrigger aria-label="Сервер для RCON">
            <SelectValue
              placeholder={
                servers.isPending
                  ? 'Загрузка серверов...'
                  : online.length === 0
                    ? 'Нет серверов онлайн'
                    : 'Выберите сервер'
              }
            />
          </SelectTrigger>
          <SelectContent>
            {online.map((server) => (
              <SelectItem key={server.id} value={String(server.id)}>
                {server.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Input
          aria-label="Команда RCON"
          placeholder="Например: status"
          autoComplete="off"
          spellCheck={false}
          value={command}
          onChange={(event) => setCommand(event.target.value)}
          className="font-mono"
        />
        <Button type="submit" disabled={run.isPending} aria-busy={run.isPending}>
          {run.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Play aria-hidden="true" />
          )}
          Выполнить
        </Button>
      </form>
      <div
        ref={logRef}
        role="log"
        aria-label="Журнал консоли"
        aria-live="polite"
        className="mt-4 h-[60vh] overflow-y-auto rounded-lg border border-white/8 bg-black/80 p-4 font-mono text-xs leading-relaxed"
      >
        {log.length === 0 ? (
          <p className="text-muted-foreground/70">
            {selected
              ? `Консоль ${selected.name}: новые строки сервера, команды и ответы на них появятся здесь.`
              : 'Выберите сервер — здесь пойдёт его консоль; команда и ответ на неё тоже появятся здесь.'}
          </p>
        ) : (
          log.map((line) => (
            <div
              key={line.id}
              className={cn('flex gap-3 break-all whitespace-pre-wrap', lineStyle[line.kind])}
            >
              {line.time && (
                <time className="shrink-0 text-muted-foreground/60 tabular-nums select-none">
                  {line.time}
                </time>
              )}
              <span className="min-w-0">{line.text || '\u00a0'}</span>
            </div>
          ))
        )}
      </div>
    </AdminSection>
  );
}
